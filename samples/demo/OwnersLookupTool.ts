import { IsString, MaxLength, MinLength } from 'class-validator';
import { inject } from 'inversify';
import { Tool } from '../../src/index.js';
import { OwnersDirectory } from './OwnersDirectory.js';

class OwnersLookupInput {
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;
}

/** A custom decorated tool whose service comes from the container. It describes no side effect: the default policy lets it run. */
@Tool({
  name: 'owners_lookup',
  description: 'Finds who owns a file of the project (a team address).',
  input: OwnersLookupInput,
})
export class OwnersLookupTool {
  public constructor(@inject(OwnersDirectory) private readonly owners: OwnersDirectory) {}

  public invoke(input: OwnersLookupInput): { path: string; owner: string | null } {
    return { path: input.path, owner: this.owners.findOwner(input.path) ?? null };
  }
}
