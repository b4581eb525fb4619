import type { Newable } from 'inversify';
import { CreateDirectoryTool } from './CreateDirectoryTool.js';
import { DeleteTool } from './DeleteTool.js';
import { EditFileTool } from './EditFileTool.js';
import { GlobTool } from './GlobTool.js';
import { GrepTool } from './GrepTool.js';
import { ListDirectoryTool } from './ListDirectoryTool.js';
import { MoveTool } from './MoveTool.js';
import { ReadFileTool } from './ReadFileTool.js';
import { WriteFileTool } from './WriteFileTool.js';

/** The tool classes `fileSystemTools()` binds, in the order the contract lists them. */
export const FILE_SYSTEM_TOOL_CLASSES: readonly Newable<object>[] = [
  ReadFileTool,
  WriteFileTool,
  EditFileTool,
  ListDirectoryTool,
  CreateDirectoryTool,
  DeleteTool,
  MoveTool,
  GlobTool,
  GrepTool,
];
