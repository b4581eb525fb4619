import { describe, expect, it } from '@jest/globals';
import { parseShellCommand } from '../../src/shell/index.js';

/** The writes of a command as `program via target` lines, and whether it is `unknown_write`. */
async function describeWrites(command: string): Promise<{ writes: string[]; unknown: boolean }> {
  const analysis = await parseShellCommand(command);
  return {
    writes: analysis.writes.map(({ program, via, target }) => `${program} ${via} ${target.text}`),
    unknown: analysis.risks.includes('unknown_write'),
  };
}

describe('program write targets (WRITE_TARGETS)', () => {
  it.each<[string, string[]]>([
    ['git diff --output=/o/x', ['git diff --output /o/x']],
    ['git diff --output /o/x HEAD', ['git diff --output /o/x']],
    ['git --no-pager log -p --output=x', ['git log --output x']],
    ['git show --output=x HEAD', ['git show --output x']],
    ['git format-patch -o out HEAD~1', ['git format-patch -o out']],
    ['git archive -o a.zip HEAD', ['git archive -o a.zip']],
    ['git status --porcelain', []],
    // getopt_long and git's parse-options take any unambiguous prefix of a long option
    ['sort --outp=/o/x in', ['sort --output /o/x']],
    ['sort --o /o/x in', ['sort --output /o/x']],
    ['sed --in-pl=.bak s/a/b/ f', ['sed operand f']],
    ['cp --target-dir=/o a', ['cp --target-directory /o']],
    ['git format-patch --output-d=/o HEAD~1', ['git format-patch --output-directory /o']],
    ['tar -c --fil=/o/a.tar src', ['tar --file /o/a.tar']],
    ['sort -o out in', ['sort -o out']],
    ['sort --output=out in', ['sort --output out']],
    ['sort -uo out in', ['sort -o out']],
    ['sort -k 2 -oout in', ['sort -o out']],
    ['shuf -o out in', ['shuf -o out']],
    ['tee a b', ['tee operand a', 'tee operand b']],
    ['tee -a log', ['tee operand log']],
    ['dd if=a of=b bs=1', ['dd of= b']],
    ['sed -i s/a/b/ f1 f2', ['sed operand f1', 'sed operand f2']],
    ['sed -i.bak -e s/a/b/ f', ['sed operand f']],
    ['sed -n s/a/b/p f', []],
    ['cp a b', ['cp operand b']],
    ['cp -r a b dir', ['cp operand dir']],
    ['cp -t dir a b', ['cp -t dir']],
    ['cp --target-directory=dir a', ['cp --target-directory dir']],
    ['mv a b', ['mv operand a', 'mv operand b']],
    ['install -m 644 a /usr/local/bin/a', ['install operand /usr/local/bin/a']],
    ['ln -s a b', ['ln operand b']],
    ['curl -o out https://example.com/x', ['curl -o out']],
    ['curl -sS --output=out https://example.com/x', ['curl --output out']],
    ['touch a b', ['touch operand a', 'touch operand b']],
    ['mkdir -p a/b', ['mkdir operand a/b']],
    ['rm -rf x', ['rm operand x']],
    ['truncate -s 0 f', ['truncate operand f']],
    ['split -l 10 in part-', ['split operand part-']],
    ['tar -czf out.tgz dir', ['tar -f out.tgz']],
    ['tar czf out.tgz dir', ['tar -f out.tgz']],
    ['tar -tf a.tgz', []],
    ['uniq in out', ['uniq operand out']],
    ['rsync -a src/ dst/', ['rsync operand dst/']],
    ['chmod 755 f', ['chmod operand f']],
    ['chmod -w f', ['chmod operand f']],
    ['chown -R user f', ['chown operand f']],
    ['gzip f', ['gzip operand f']],
    ['gzip -c f', []],
    ['timeout 5 sort -o out in', ['sort -o out']],
  ])('%j writes %j', async (command, writes) => {
    expect(await describeWrites(command)).toStrictEqual({ writes, unknown: false });
  });

  it.each<[string, string[]]>([
    ['sort -o "$f" in', []],
    ['tee ~/x', []],
    ['git -C sub diff --output=x', []],
    ['curl -O https://example.com/x', []],
    ['wget -O out https://example.com/x', ['wget -O out']],
    ['wget https://example.com/x', []],
    ['tar -xf a.tgz -C dir', ['tar -C dir']],
    ['patch -p1 -o out', ['patch -o out']],
    ['rm {a,b}', []],
    ['mktemp', []],
  ])('%j writes files no literal word names: unknown_write (an ask), plus %j', async (command, writes) => {
    expect(await describeWrites(command)).toStrictEqual({ writes, unknown: true });
  });
});
