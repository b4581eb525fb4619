import { IsString, MaxLength, MinLength } from 'class-validator';

/** Input of `fs_create_directory`. */
export class CreateDirectoryInput {
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;
}
