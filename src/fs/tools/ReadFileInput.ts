import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Input of `fs_read_file`. */
export class ReadFileInput {
  /** The file to read, absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;

  /** 1-based first line. Default 1. */
  @IsOptional()
  @IsInt()
  @Min(1)
  public offset?: number;

  /** Lines to return. Default 2,000. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  public limit?: number;
}
