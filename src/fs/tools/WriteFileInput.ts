import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Input of `fs_write_file`. */
export class WriteFileInput {
  /** The file to write, absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;

  /** The whole new content, as text. */
  @IsString()
  public content!: string;

  /** Create missing parent directories. Default false. */
  @IsOptional()
  @IsBoolean()
  public createParents?: boolean;

  /** Replace an existing file (read it first). Default false. */
  @IsOptional()
  @IsBoolean()
  public overwrite?: boolean;
}
