import { IsString, MaxLength, MinLength } from 'class-validator';

/** Input of `fs_create_directory`. */
export class CreateDirectoryInput {
  /** The directory to create (with any missing parents), absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;
}
