import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Input of `fs_delete`. */
export class DeleteInput {
  /** The file or directory to delete, absolute or relative to the first root. */
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  public path!: string;

  /** Delete a directory with everything in it. Default false (only empty directories). */
  @IsOptional()
  @IsBoolean()
  public recursive?: boolean;

  /** Succeed when nothing is there. Default false. */
  @IsOptional()
  @IsBoolean()
  public missingOk?: boolean;
}
