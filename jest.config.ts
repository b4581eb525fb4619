/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node10", "ignoreDeprecations": "6.0"}}
 */
import type { Config } from 'jest';
import { availableParallelism } from 'node:os';

const config: Config = {
  testEnvironment: 'node',
  // jest's default is one worker less than the cores: on a 2-core machine (CI) that is one, and jest then
  // runs every file in its own process, one after the other. Most files here wait on child processes,
  // sockets and timers, so two workers keep both cores busy. More cores keep jest's default.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Without timings from a previous run, the longest files start first (see the file).
  testSequencer: '<rootDir>/test/setup/slowFirstSequencer.js',
  // What test/setup/buildScripts.js compiles for child processes is no part of the tests.
  modulePathIgnorePatterns: ['<rootDir>/.cache/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^agentkit-tools-core$': '<rootDir>/src/index.ts',
    '^agentkit-tools-core/(.*)$': '<rootDir>/src/$1/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/fastCheckSeed.ts'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // swc transpiles each file with tsconfig.json's options (decorator metadata included); type errors are
  // `tsc --noEmit`'s job in `npm test`, as they were with ts-jest under isolatedModules. See the file.
  transform: {
    '^.+\\.ts$': '<rootDir>/test/setup/swcTransformer.js',
  },
};

export default config;
