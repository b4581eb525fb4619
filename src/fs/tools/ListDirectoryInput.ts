import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Input of `fs_list_directory`. */
export class ListDirectoryInput {
  /** The directory to list, absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;

  /** List subdirectories too. Default false. */
  @IsOptional()
  @IsBoolean()
  public recursive?: boolean;

  /** With `recursive`: how many levels (1 = the directory's own entries). Default unlimited. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  public maxDepth?: number;

  /** Entries to return at most. Default and cap: the `maxEntries` limit (1,000). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  public limit?: number;

  /**
   * Also walk what `.gitignore` files ignore and `.git` directories. Default false: like
   * ripgrep, entries named `.git` and entries ignored by the `.gitignore` files in force are
   * skipped (an ignored directory is not entered) and counted in `skippedIgnored`.
   */
  @IsOptional()
  @IsBoolean()
  public includeIgnored?: boolean;
}
