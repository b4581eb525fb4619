import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Input of `fs_grep`. */
export class GrepInput {
  /**
   * A regular expression (JavaScript syntax), matched against each line on a linear-time engine:
   * backreferences and lookaround are refused (`unsafe_pattern`).
   */
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  public pattern!: string;

  /** File or directory to search. Default: the first root. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path?: string;

  /** Only files whose path matches this glob (`*.ts` matches the file name anywhere). */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  public include?: string;

  /** Match letters case-insensitively. Default false. */
  @IsOptional()
  @IsBoolean()
  public ignoreCase?: boolean;

  /** Matches to return at most. Default 200, cap the `maxGrepMatches` limit (2,000). */
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
