/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node10", "ignoreDeprecations": "6.0"}}
 */
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^agentkit-tools-core$': '<rootDir>/src/index.ts',
    '^agentkit-tools-core/(.*)$': '<rootDir>/src/$1/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/fastCheckSeed.ts'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
};

export default config;
