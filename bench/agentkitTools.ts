import { IsString, MaxLength } from 'class-validator';
import { Preflight, Tool } from '../src/index.js';
import { BenchEchoPermissionRequest } from './BenchEchoPermissionRequest.js';
import { ECHO_DESCRIPTION, ECHO_JSON_SCHEMA, ECHO_MAX_LENGTH, type EchoInputShape } from './echo.js';

export const SCHEMA_ECHO_TOOL = 'bench_echo_schema';
export const DTO_ECHO_TOOL = 'bench_echo_dto';

/** The echo tool with an explicit JSON Schema; one permission request per call. */
@Tool({ name: SCHEMA_ECHO_TOOL, description: ECHO_DESCRIPTION, input: ECHO_JSON_SCHEMA })
export class SchemaEchoTool {
  @Preflight()
  public preflight(input: EchoInputShape): BenchEchoPermissionRequest {
    return new BenchEchoPermissionRequest(input.text);
  }

  public invoke(input: EchoInputShape): Promise<string> {
    return Promise.resolve(input.text);
  }
}

/** The echo tool's input as a class-validator DTO. */
export class EchoInput {
  @IsString()
  @MaxLength(ECHO_MAX_LENGTH)
  public text!: string;
}

/** The same echo tool with a DTO class as input (and the same preflight). */
@Tool({ name: DTO_ECHO_TOOL, description: ECHO_DESCRIPTION, input: EchoInput })
export class DtoEchoTool {
  @Preflight()
  public preflight(input: EchoInput): BenchEchoPermissionRequest {
    return new BenchEchoPermissionRequest(input.text);
  }

  public invoke(input: EchoInput): Promise<string> {
    return Promise.resolve(input.text);
  }
}
