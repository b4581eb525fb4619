import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Input of `fs_glob`. */
export class GlobInput {
  /** A glob relative to `path` (`**\/*.ts`, `src/*.{js,json}`); dotfiles match too. */
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  public pattern!: string;

  /** Directory to search. Default: the first root. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path?: string;

  /** Paths to return at most. Default and cap: the `maxEntries` limit (1,000). */
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
