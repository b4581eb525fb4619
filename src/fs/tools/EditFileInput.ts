import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Input of `fs_edit_file`. */
export class EditFileInput {
  /** The file to edit, absolute or relative to the first root; read it first. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;

  /** The exact text to replace (literal, not a pattern). Must not be empty. */
  @IsString()
  @MinLength(1)
  public oldString!: string;

  /** The replacement text (literal: `$&` stays `$&`). */
  @IsString()
  public newString!: string;

  /** How many occurrences to replace, all of them. Default: exactly one must exist. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  public expectedReplacements?: number;
}
