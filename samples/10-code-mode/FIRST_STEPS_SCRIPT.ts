/**
 * The script a code-mode model writes for the demo's first five steps (list, grep, read, edit,
 * check), as one `code_run` call: JavaScript, the body of an async function, run in QuickJS.
 * Each `await tools.x(...)` is a child call under the same checks as a direct call, so the
 * edit and the check each pause the script for approval. Sample 10 and `npm start -- --code`
 * send it.
 */
export const FIRST_STEPS_SCRIPT = `const listing = await tools.fs_list_directory({ path: '.' });
console.log(\`listed \${listing.entries.length} entries\`);
const { matches } = await tools.fs_grep({ pattern: 'teh ', include: '*.md' });
if (matches.length === 0) return { fixed: false, why: 'no typo found' };
console.log(\`"teh " on line \${matches[0].line} of docs/guide.md\`);
const guide = await tools.fs_read_file({ path: 'docs/guide.md' });
if (!guide.includes('Run teh check script')) return { fixed: false, why: 'the line changed' };
await tools.fs_edit_file({
  path: 'docs/guide.md',
  oldString: 'Run teh check script',
  newString: 'Run the check script',
});
console.log('fixed the typo');
const check = await tools.shell_exec({ command: 'bash scripts/check.sh' });
return { fixed: true, checkExitCode: check.exitCode, check: check.stdout.trim() };`;
