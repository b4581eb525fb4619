import { describe, expect, it } from '@jest/globals';
import { parseShellCommand, type CommandLineAnalysis } from '../../src/shell/index.js';

type Expected = Partial<CommandLineAnalysis>;

/** The whole analysis, with defaults for the fields a case does not mention. */
function analysis(expected: Expected): CommandLineAnalysis {
  return {
    subcommands: [],
    risks: [],
    redirections: [],
    writes: [],
    reads: [],
    readsUnknown: false,
    changesDirectory: false,
    ...expected,
  };
}

const literal = (text: string): { text: string; literal: boolean } => ({ text, literal: true });
/** The writes of a program's operands: `rm x` removes x (an `fs.write` of x). */
const operands = (program: string, ...targets: string[]): CommandLineAnalysis['writes'] =>
  targets.map((text) => ({ program, via: 'operand', target: literal(text) }));
/** The reads of a program's operands (or of an option, or an input redirection): `cat x` reads x. */
const reading = (program: string, via: string, ...targets: string[]): CommandLineAnalysis['reads'] =>
  targets.map((text) => ({ program, via, target: literal(text) }));

describe(parseShellCommand.name, () => {
  describe('splits compound commands into every simple command', () => {
    it.each<[string, Expected]>([
      [
        'git status && rm -rf x',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['git', 'status'],
            ['rm', '-rf', 'x'],
          ],
        },
      ],
      ['a || b; c | d', { subcommands: [['a'], ['b'], ['c'], ['d']] }],
      [
        'git status\nrm x',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['git', 'status'],
            ['rm', 'x'],
          ],
        },
      ],
      [
        '(cd a && rm b); { c; d; }',
        { writes: operands('rm', 'b'), subcommands: [['cd', 'a'], ['rm', 'b'], ['c'], ['d']], changesDirectory: true },
      ],
      [
        'if true; then rm a; fi; for i in 1; do rm b; done; while false; do rm c; done; case x in x) rm d;; esac',
        {
          writes: operands('rm', 'a', 'b', 'c', 'd'),
          subcommands: [['true'], ['rm', 'a'], ['rm', 'b'], ['false'], ['rm', 'c'], ['rm', 'd']],
        },
      ],
      ['f() { rm x; }; f', { writes: operands('rm', 'x'), subcommands: [['rm', 'x'], ['f']] }],
      ['! rm a', { writes: operands('rm', 'a'), subcommands: [['rm', 'a']] }],
      ['x=1 y=2', { subcommands: [['x=1', 'y=2']] }],
      ['FOO=bar make test', { subcommands: [['FOO=bar', 'make', 'test']] }],
      [
        'declare -x A=1; unset B',
        {
          subcommands: [
            ['declare', '-x', 'A=1'],
            ['unset', 'B'],
          ],
        },
      ],
    ])('%j', async (command, expected) => {
      expect(await parseShellCommand(command)).toStrictEqual(analysis(expected));
    });
  });

  describe('reads words the way bash does', () => {
    it.each<[string, string[], Expected?]>([
      [`git "sta"'tus' "a b"`, ['git', 'status', 'a b']],
      ['g\\it status', ['git', 'status']],
      ['git \\\nstatus', ['git', 'status']],
      ['echo a#b # $(rm x)', ['echo', 'a#b']],
      ["echo $'a\\nb' $'plain'", ['echo', "$'a\\nb'", 'plain']],
      ['echo "\\$(rm x)"', ['echo', '$(rm x)']],
      // ls reads its operands; these expand at run time
      ['ls {a,b} *.txt ~/x', ['ls', '{a,b}', '*.txt', '~/x'], { readsUnknown: true }],
    ])('%j', async (command, words, expected: Expected = {}) => {
      expect(await parseShellCommand(command)).toStrictEqual(analysis({ subcommands: [words], ...expected }));
    });
  });

  describe('finds commands hidden in substitutions and flags them', () => {
    it.each<[string, Expected]>([
      [
        'echo $(rm -rf x)',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['echo', '$(rm -rf x)'],
            ['rm', '-rf', 'x'],
          ],
          risks: ['command_substitution'],
        },
      ],
      [
        'echo `rm x`',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['echo', '`rm x`'],
            ['rm', 'x'],
          ],
          risks: ['command_substitution'],
        },
      ],
      [
        'echo "hi $(rm x)"',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['echo', '"hi $(rm x)"'],
            ['rm', 'x'],
          ],
          risks: ['command_substitution'],
        },
      ],
      [
        'diff <(ls a) >(tee b)',
        {
          writes: operands('tee', 'b'),
          reads: reading('ls', 'operand', 'a'),
          readsUnknown: true,
          subcommands: [
            ['diff', '<(ls a)', '>(tee b)'],
            ['ls', 'a'],
            ['tee', 'b'],
          ],
          risks: ['process_substitution'],
        },
      ],
      [
        'echo ${x:-$(rm y)}',
        {
          writes: operands('rm', 'y'),
          subcommands: [
            ['echo', '${x:-$(rm y)}'],
            ['rm', 'y'],
          ],
          risks: ['command_substitution'],
        },
      ],
      [
        'x=$(rm y)',
        { writes: operands('rm', 'y'), subcommands: [['x=$(rm y)'], ['rm', 'y']], risks: ['command_substitution'] },
      ],
      [
        '[[ -n $(rm x) ]] && echo ok',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['rm', 'x'],
            ['echo', 'ok'],
          ],
          risks: ['command_substitution'],
        },
      ],
      [
        'cat <<EOF\nhello $(rm x)\nEOF',
        {
          writes: operands('rm', 'x'),
          subcommands: [['cat'], ['rm', 'x']],
          risks: ['ambiguous_syntax', 'command_substitution'],
        },
      ],
      ["cat <<'EOF'\nhello $(rm x)\nEOF", { subcommands: [['cat']] }],
      [
        'cat <<< "$(rm x)"',
        { writes: operands('rm', 'x'), subcommands: [['cat'], ['rm', 'x']], risks: ['command_substitution'] },
      ],
    ])('%j', async (command, expected) => {
      expect(await parseShellCommand(command)).toStrictEqual(analysis(expected));
    });
  });

  describe('flags expansions that can run code', () => {
    it.each<[string, string[]]>([
      ['echo ${x@P}', ['parameter_transformation']],
      ['echo ${!x}', ['indirect_expansion']],
      ['echo $((x))', ['arithmetic']],
      ['echo ${a[i]} ${x:1:n}', ['arithmetic']],
      ['[[ $x -eq 1 ]]', ['arithmetic']],
      ['((x++))', ['arithmetic']],
      ['echo $((1+2)) ${a[0]} ${a[@]}', []],
      ['sleep 10 & echo hi', ['background']],
    ])('%j -> %j', async (command, risks) => {
      expect((await parseShellCommand(command)).risks).toStrictEqual(risks);
    });
  });

  describe('flags wrappers, interpreters and programs that run other programs', () => {
    it.each<[string, Expected]>([
      [
        "bash -c 'rm x'",
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['bash', '-c', 'rm x'],
            ['rm', 'x'],
          ],
          risks: ['wrapper:bash'],
        },
      ],
      ['sh -c "a; b"', { subcommands: [['sh', '-c', 'a; b'], ['a'], ['b']], risks: ['wrapper:sh'] }],
      [
        'eval "rm x"',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['eval', 'rm x'],
            ['rm', 'x'],
          ],
          risks: ['eval'],
        },
      ],
      [
        '. ./env.sh; source x',
        {
          reads: [...reading('.', 'operand', './env.sh'), ...reading('source', 'operand', 'x')],
          subcommands: [
            ['.', './env.sh'],
            ['source', 'x'],
          ],
          risks: ['source'],
        },
      ],
      [
        'timeout 5 rm -rf x',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['timeout', '5', 'rm', '-rf', 'x'],
            ['rm', '-rf', 'x'],
          ],
          risks: ['wrapper:timeout'],
        },
      ],
      [
        'sudo -u root rm x',
        {
          writes: operands('rm', 'x'),
          subcommands: [
            ['sudo', '-u', 'root', 'rm', 'x'],
            ['rm', 'x'],
          ],
          risks: ['wrapper:sudo'],
        },
      ],
      [
        'env FOO=1 node -e x',
        {
          subcommands: [
            ['env', 'FOO=1', 'node', '-e', 'x'],
            ['node', '-e', 'x'],
          ],
          risks: ['interpreter:node', 'wrapper:env'],
        },
      ],
      ['nohup make &', { subcommands: [['nohup', 'make'], ['make']], risks: ['background', 'wrapper:nohup'] }],
      [
        'ls | xargs -0 rm -f',
        { subcommands: [['ls'], ['xargs', '-0', 'rm', '-f'], ['rm', '-f']], risks: ['wrapper:xargs'] },
      ],
      ['python3 -c "print(1)"', { subcommands: [['python3', '-c', 'print(1)']], risks: ['interpreter:python3'] }],
      [
        'perl -e 1; ruby -e 1',
        {
          subcommands: [
            ['perl', '-e', '1'],
            ['ruby', '-e', '1'],
          ],
          risks: ['interpreter:perl', 'interpreter:ruby'],
        },
      ],
      [
        'python3 script.py',
        { reads: reading('python3', 'operand', 'script.py'), subcommands: [['python3', 'script.py']] },
      ],
      [
        'find . -name "*.tmp" -exec rm {} \\;',
        {
          reads: reading('find', 'operand', '.'),
          subcommands: [
            ['find', '.', '-name', '*.tmp', '-exec', 'rm', '{}', ';'],
            ['rm', '{}'],
          ],
          risks: ['find_exec', 'unknown_write'],
        },
      ],
      [
        'find . -delete',
        { reads: reading('find', 'operand', '.'), subcommands: [['find', '.', '-delete']], risks: ['find_write'] },
      ],
      [
        "git -c core.pager='rm -rf x' log",
        { subcommands: [['git', '-c', 'core.pager=rm -rf x', 'log']], risks: ['git_config_override'] },
      ],
      [
        'git -C sub --config-env=core.pager=P log',
        {
          reads: reading('git', '-C', 'sub'),
          subcommands: [['git', '-C', 'sub', '--config-env=core.pager=P', 'log']],
          risks: ['git_config_override'],
        },
      ],
      ['git commit -c HEAD', { subcommands: [['git', 'commit', '-c', 'HEAD']] }],
      [
        'git fetch --upload-pack=evil origin',
        { subcommands: [['git', 'fetch', '--upload-pack=evil', 'origin']], risks: ['git_program_option'] },
      ],
      ['$cmd status', { subcommands: [['$cmd', 'status']], risks: ['dynamic_command'] }],
    ])('%j', async (command, expected) => {
      expect(await parseShellCommand(command)).toStrictEqual(analysis(expected));
    });

    it('follows nested shell code a few levels, then flags it', async () => {
      const result = await parseShellCommand(`bash -c 'bash -c "bash -c \\"bash -c ls\\""'`);

      expect(result.risks).toStrictEqual(['nesting_too_deep', 'wrapper:bash']);
      expect(result.subcommands).toHaveLength(4);
    });
  });

  describe('collects output redirections', () => {
    it('lists every file a command writes, with its operator', async () => {
      expect(
        await parseShellCommand(
          'echo a > f1; echo b >> f2; ls 2> f3; ls &> f4; ls >| f5; ls &>> f6; ls >& f7; cat < in',
        ),
      ).toStrictEqual(
        analysis({
          subcommands: [['echo', 'a'], ['echo', 'b'], ['ls'], ['ls'], ['ls'], ['ls'], ['ls'], ['cat']],
          risks: ['redirection'],
          redirections: [
            { operator: '>', target: literal('f1') },
            { operator: '>>', target: literal('f2') },
            { operator: '>', target: literal('f3') },
            { operator: '&>', target: literal('f4') },
            { operator: '>|', target: literal('f5') },
            { operator: '&>>', target: literal('f6') },
            { operator: '>&', target: literal('f7') },
          ],
          reads: reading('shell', '<', 'in'),
        }),
      );
    });

    it('ignores descriptor duplication and /dev/null', async () => {
      expect(await parseShellCommand('ls 2>/dev/null >&2 2>&1 3>&-')).toStrictEqual(
        analysis({ subcommands: [['ls']] }),
      );
    });

    it('marks targets that expand at run time as non-literal', async () => {
      expect((await parseShellCommand('echo x > "$HOME/x" > ~/y')).redirections).toStrictEqual([
        { operator: '>', target: { text: '"$HOME/x"', literal: false } },
        { operator: '>', target: { text: '~/y', literal: false } },
      ]);
    });

    it('finds redirections inside nested shell code and after a heredoc', async () => {
      expect((await parseShellCommand("bash -c 'echo x > a'; cat <<EOF > b\nx\nEOF")).redirections).toStrictEqual([
        { operator: '>', target: literal('a') },
        { operator: '>', target: literal('b') },
      ]);
    });
  });

  describe('flags constructs bash may read differently from the parser (ambiguous_syntax)', () => {
    it.each<[string, string]>([
      ['a quoted part inside a heredoc delimiter (the attack of issue 9)', 'git status <<E"O"F\nEOF\ntouch X\nE"O"F'],
      ['a single-quoted part inside a heredoc delimiter', "git status <<E'O'F\nEOF\ntouch X\nE'O'F"],
      ['an escape inside a heredoc delimiter', 'git status <<E\\OF\nEOF\ntouch X\nE\\OF'],
      ['an ANSI-C quoted heredoc delimiter', "git status <<$'EOF'\nEOF\ntouch X\nEOF"],
      ['a translated heredoc delimiter', 'git status <<$"EOF"\nEOF\ntouch X\nEOF'],
      ['a partly quoted heredoc delimiter', 'git status <<"E"OF\nEOF\ntouch X\nEOF'],
      ['a backslash-newline in a heredoc body', "git status <<'EOF'\nx\\\nEOF\ntouch X\nEOF"],
      ['a backtick in an unquoted heredoc body', 'git status <<EOF\n`touch X`\nEOF'],
      ['a $ expansion in an unquoted heredoc body', 'git status <<EOF\n${x}\nEOF'],
      ['a heredoc whose line goes on in a multi-line string', 'git status <<A "x\ny"\nA\ntouch y\nA'],
      ['two heredocs on one line', 'git status <<A <<B\na\nA\nb\nB'],
      ['a heredoc end line with a carriage return', 'git status <<EOF\nEOF\r\ntouch X\nEOF'],
      ['a heredoc with no end', 'git status <<EOF\nx'],
      ['$"..." (translated by the locale)', 'git status $"x"'],
      ['an extglob pattern', 'ls !(x)'],
      ['a [[ =~ ]] regex', '[[ a =~ (b|c) ]] && git status'],
      ['the old arithmetic form $[...]', 'echo $[1]'],
      ['a carriage return', 'git status #\rtouch X'],
      ['a no-break space', 'git\u00a0status'],
      ['a vertical tab', 'git status\vx'],
      ['an escaped blank', 'git \\  status'],
      ['a line continuation inside a word', 'git sta\\\ntus'],
      ['a word the parser glues to the next line', 'touch X\n\\#EOF'],
      ['words the parser splits where bash does not', 'echo esac[[\\#x'],
      ['a redirection with more than one target', 'sort <in -o /tmp/x'],
      ['a descriptor that is a word to bash', 'sort -o2>&1'],
      ['a lone $ the parser drops', 'git status $'],
      ['a reserved word glued to a word', '[[EOF -f x ]] || git status'],
      ['a keyword read as a command name', '! for i in 1; do ls; done'],
      ['assignments glued together', 'a=(x "y z")x=1'],
      ['text the parser skips', '-\tx='],
      ['a declaration keyword glued to a word', 'export}'],
      ['a blank inside what the parser takes for one token', 'typeset $ done'],
      ['a blank inside what the parser takes for one word', 'typeset @ \t``$x}'],
    ])('%s', async (_name, command) => {
      // some of these the parser already fails on: either flag makes the command an ask
      expect((await parseShellCommand(command)).risks).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(ambiguous_syntax|parse_error)$/u)]),
      );
    });

    it.each<[string, string]>([
      ['a bare delimiter', 'cat <<EOF\nhello\nEOF\ngit status'],
      ['a single-quoted delimiter, expansions in the body', "cat <<'EOF'\n$x `y`\nEOF"],
      ['a double-quoted delimiter with <<- and tabs', 'cat <<-"EOF"\n\tx\n\tEOF'],
      ['an escaped delimiter', 'cat <<\\EOF\nx\nEOF'],
      ['a heredoc in a pipeline', 'cat <<EOF | sort\nx\nEOF'],
      ['a line continuation between words', 'git \\\n  status'],
      ['an escaped character in a word', 'echo a\\#b'],
    ])('leaves %s unflagged', async (_name, command) => {
      expect((await parseShellCommand(command)).risks).toStrictEqual([]);
    });
  });

  describe('flags builtins that change what later words mean (shell_state)', () => {
    it.each([
      "shopt -s expand_aliases; alias git='touch X'",
      'hash -p ./evil git',
      'enable -n echo',
      "set -k; git log GIT_PAGER='touch X'",
      'set -o posix',
    ])('%j', async (command) => {
      expect((await parseShellCommand(command)).risks).toStrictEqual(['shell_state']);
    });

    it('leaves the usual set options alone', async () => {
      expect((await parseShellCommand('set -euxo pipefail; make')).risks).toStrictEqual([]);
    });
  });

  describe('parse errors', () => {
    it.each<[string, string]>([
      ['echo "unterminated', 'unexpected "\\"unterminated" at line 1, column 6'],
      ['if then', 'unexpected "if then" at line 1, column 1'],
      ['echo $(', 'unexpected "$(" at line 1, column 6'],
      ['ls |', 'a missing "word" at line 1, column 5'],
      ['&& ls', 'unexpected "&&" at line 1, column 1'],
      ['echo \\$(rm x)', 'unexpected "\\\\$" at line 1, column 6'],
    ])('%j carries parse_error and says where', async (command, parseError) => {
      const result = await parseShellCommand(command);

      expect(result.risks).toContain('parse_error');
      expect(result.parseError).toBe(parseError);
    });
  });

  describe('argv', () => {
    it('is one subcommand, classified like a command', async () => {
      expect(await parseShellCommand(['bash', '-c', 'rm x; ls'])).toStrictEqual(
        analysis({
          subcommands: [['bash', '-c', 'rm x; ls'], ['rm', 'x'], ['ls']],
          risks: ['wrapper:bash'],
          writes: operands('rm', 'x'),
        }),
      );
    });

    it('takes words literally', async () => {
      expect(await parseShellCommand(['echo', '$(rm x)', '>', 'f'])).toStrictEqual(
        analysis({ subcommands: [['echo', '$(rm x)', '>', 'f']] }),
      );
    });
  });
});
