import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Input of `fs_move`. */
export class MoveInput {
  /** The file or directory to move, absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public from!: string;

  /** The new path (not a directory to move into). */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public to!: string;

  /** Replace an existing file at `to` (read it first). Default false. */
  @IsOptional()
  @IsBoolean()
  public overwrite?: boolean;
}
