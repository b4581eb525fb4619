import { Ajv } from 'ajv';
import { ECHO_INPUT, ECHO_JSON_SCHEMA, type EchoInputShape, type EchoSubject } from './echo.js';

/** The echo tool's body, called directly: the floor every subject adds its cost to. */
class EchoBody {
  public invoke(input: EchoInputShape): Promise<string> {
    return Promise.resolve(input.text);
  }
}

/** A direct call of the echo body: no validation at all. */
export function createDirectSubject(): EchoSubject {
  const body = new EchoBody();
  return {
    name: 'direct call',
    validates: false,
    call: () => body.invoke(ECHO_INPUT),
    echo: (input) => body.invoke(input as EchoInputShape),
  };
}

/**
 * A direct call after ajv validation with the same settings as our executor (strict, all
 * errors, no coercion), the schema compiled once: the reference the ratios are taken to.
 */
export function createAjvDirectSubject(): EchoSubject {
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
  });
  const validate = ajv.compile<EchoInputShape>(ECHO_JSON_SCHEMA);
  const body = new EchoBody();
  const echo = (input: unknown): Promise<string> => {
    if (!validate(input)) return Promise.reject(new Error(ajv.errorsText(validate.errors)));
    return body.invoke(input);
  };
  return {
    name: 'ajv-validated direct call',
    validates: true,
    call: () => echo(ECHO_INPUT),
    echo,
  };
}
