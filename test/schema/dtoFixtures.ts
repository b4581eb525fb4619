import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsEmail,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export enum Priority {
  Low = 'low',
  High = 'high',
}

export enum Level {
  Debug,
  Info,
}

export class Address {
  @IsString()
  public street!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  public number?: number;
}

export class Label {
  @IsString()
  @MaxLength(5)
  public text!: string;
}

/** A DTO with every shape the issue names: enums, string arrays, nested objects and arrays of them, formats. */
export class TaskInput {
  @IsString()
  public title!: string;

  @IsOptional()
  @IsEnum(Priority)
  public priority?: Priority;

  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(3)
  public tags!: string[];

  @ValidateNested()
  @Type(() => Address)
  public address!: Address;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Label)
  public labels?: Label[];

  @IsDateString()
  public due!: string;

  @IsEmail()
  public owner!: string;

  @IsOptional()
  @IsBoolean()
  public urgent?: boolean;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10)
  public effort?: number;
}

/** A class that contains itself. */
export class TreeNode {
  @IsString()
  public value!: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TreeNode)
  public children?: TreeNode[];
}

export class TreeInput {
  @ValidateNested()
  @Type(() => TreeNode)
  public root!: TreeNode;
}

export class LevelInput {
  @IsEnum(Level)
  public level!: Level;
}

export class BaseInput {
  @IsString()
  public id!: string;
}

export class DerivedInput extends BaseInput {
  @IsInt()
  public count!: number;
}
