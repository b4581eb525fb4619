import type { Node, Parser } from 'web-tree-sitter';
import { classifyCommand } from './classifyCommand.js';
import type { OutputRedirection, RedirectSite } from './CommandLineAnalysis.js';
import { describeParseError } from './describeParseError.js';
import type { ProgramRead } from './findReadTargets.js';
import type { ProgramWrite } from './findWriteTargets.js';
import { hasAmbiguousText } from './hasAmbiguousText.js';
import { hasUnseparatedWords } from './hasUnseparatedWords.js';
import { isPlainHeredoc } from './isPlainHeredoc.js';
import { readInputRedirection, readRedirection } from './readRedirection.js';
import { readWord } from './readWord.js';
import type { ShellWord } from './ShellWord.js';
import { isStartupVariable } from './assertModelEnvironment.js';
import { SHELL_RISKS, type ShellRisk } from './SHELL_RISKS.js';
import { UNDERSTOOD_NODE_TYPES } from './UNDERSTOOD_NODE_TYPES.js';

/** How deep `bash -c "eval '...'"` nesting is followed before it is only flagged. */
const MAX_NESTING = 3;
/** Where an assignment is part of something else rather than a statement of its own. */
const ASSIGNMENT_HOSTS = new Set(['command', 'declaration_command', 'variable_assignments', 'c_style_for_statement']);
const ARITHMETIC_TEST_OPERATORS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
/** Nodes whose children are the words and redirections of one command. */
const WORD_LISTS = new Set([
  'command',
  'redirected_statement',
  'declaration_command',
  'unset_command',
  'variable_assignments',
]);
/** Nodes that are one token to bash: a blank inside one (`$ done`) means the parser joined two. */
const SINGLE_TOKENS = new Set([
  'word',
  'simple_expansion',
  'variable_name',
  'special_variable_name',
  'number',
  'file_descriptor',
]);
/** Reserved words and brackets that bash recognizes only as whole words. */
const RESERVED_WORDS = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  '{',
  '}',
  '[[',
  ']]',
  '[',
  ']',
  '!',
]);
/** Statements whose unnamed children are reserved words (elsewhere `!`, `[`, `{` are operators). */
const STATEMENTS = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'case_statement',
  'for_statement',
  'c_style_for_statement',
  'while_statement',
  'do_group',
  'compound_statement',
  'function_definition',
  'test_command',
  'negated_command',
]);
/** What may stand next to a reserved word: blanks, operators, or the end of the text. */
const WORD_BOUNDARY = /^[\s;&|()]?$/u;

/** Whether a reserved word stands alone in the source, as bash needs it to (`[[EOF` is a command name). */
function isStandalone(node: Node, source: string): boolean {
  const before = node.startIndex === 0 ? '' : (source[node.startIndex - 1] as string);
  return WORD_BOUNDARY.test(before) && WORD_BOUNDARY.test(source[node.endIndex] ?? '');
}

const VARIABLE_TYPES = new Set([
  'variable_name',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'word',
  'subscript',
]);

/** Nodes the parser builds inside `[ ... ]` from what are plain words to bash. */
const TEST_EXPRESSIONS = new Set([
  'unary_expression',
  'binary_expression',
  'ternary_expression',
  'postfix_expression',
  'parenthesized_expression',
  'ERROR',
]);

/** The nodes that are the words of a `[ ... ]` test, in order (`[` and `]` included). */
function findTestWordNodes(node: Node): Node[] {
  return node.children.flatMap((child) => (TEST_EXPRESSIONS.has(child.type) ? findTestWordNodes(child) : [child]));
}

/**
 * The words of a `[ ... ]` test: to bash `[` is a command (`test`) like any other, whose words
 * are split by blanks, not by the parser's test grammar. `undefined` when the two could differ:
 * words not separated by blanks (`[ !$- ]`), a line break (`[ -f a` and `touch X ]` are two
 * commands to bash), or `<` / `>` (redirections to bash: `[ a > file ]` writes `file`).
 */
function readTestWords(node: Node, source: string): ShellWord[] | undefined {
  const nodes = findTestWordNodes(node);
  const separated = nodes.every(
    (word, index) =>
      index === 0 || /^[ \t]+$/u.test(source.slice((nodes[index - 1] as Node).endIndex, word.startIndex)),
  );
  if (!separated || /[\n<>]/u.test(node.text)) return undefined;
  return nodes.map((word) => (word.isNamed ? readWord(word) : { text: word.text, literal: true }));
}

function containsVariable(node: Node): boolean {
  return VARIABLE_TYPES.has(node.type) || node.children.some(containsVariable);
}

/** Walks one parse tree, collecting subcommands, risks and redirections. */
export class CommandLineWalker {
  public readonly subcommands: (readonly string[])[] = [];
  public readonly risks = new Set<ShellRisk>();
  public readonly redirections: OutputRedirection[] = [];
  /**
   * Where each of `redirections` sits in the walked text: only those written in the command
   * line itself have a site; those inside nested shell code (`bash -c '...'`) have none.
   */
  public readonly redirectSites: (RedirectSite | undefined)[] = [];
  public readonly writes: ProgramWrite[] = [];
  /** Files its programs read by their words, and its input redirections (`< F`, `<> F`). */
  public readonly reads: ProgramRead[] = [];
  public readsUnknown = false;
  public changesDirectory = false;
  public parseError: string | undefined;
  /** The text being walked (heredocs are checked against the source, not only the tree). */
  private source = '';
  /** Where the last token seen ends: text between tokens must be blanks (see `visit`). */
  private coveredUntil = 0;

  public constructor(
    private readonly parser: Parser,
    private readonly depth: number,
  ) {}

  public walk(text: string): void {
    const tree = this.parser.parse(text);
    if (tree === null) throw new Error('the bash parser returned no tree');
    this.source = text;
    try {
      const root = tree.rootNode;
      const quoted = root.descendantsOfType('raw_string').map((node) => [node.startIndex, node.endIndex] as const);
      if (hasAmbiguousText(text, quoted)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
      if (root.hasError) {
        this.risks.add(SHELL_RISKS.parseError);
        this.parseError ??= describeParseError(root);
      }
      this.visit(root, '');
      this.checkGap(text.length);
    } finally {
      tree.delete();
    }
  }

  private visit(node: Node, parentType: string): void {
    const { type } = node;
    if (node.childCount === 0) {
      this.checkGap(node.startIndex);
      this.coveredUntil = Math.max(this.coveredUntil, node.endIndex);
    }
    if (node.isNamed && !node.isError && !UNDERSTOOD_NODE_TYPES.has(type)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
    if (SINGLE_TOKENS.has(type) && /[ \t\n]/u.test(node.text)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
    // the parts of one word touch: a blank between two (`@ ``$x`) is a word boundary to bash
    if (
      type === 'concatenation' &&
      node.children.some(
        (child, index) => index > 0 && child.startIndex !== (node.children[index - 1] as Node).endIndex,
      )
    ) {
      this.risks.add(SHELL_RISKS.ambiguousSyntax);
    }
    if (WORD_LISTS.has(type) && hasUnseparatedWords(node, this.source)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
    if (!node.isNamed && RESERVED_WORDS.has(type) && STATEMENTS.has(parentType) && !isStandalone(node, this.source))
      this.risks.add(SHELL_RISKS.ambiguousSyntax);
    switch (type) {
      case 'comment':
        // bash starts a comment only at the start of a word: `a=(x)#; cmd` runs cmd
        if (node.startIndex > 0 && !/[ \t\n;&|]/u.test(this.source[node.startIndex - 1] as string))
          this.risks.add(SHELL_RISKS.ambiguousSyntax);
        return;
      case 'command':
        this.command(node);
        break;
      case 'declaration_command':
      case 'unset_command':
        this.addCommand(
          node.children.map((child) => (child.isNamed ? readWord(child) : { text: child.text, literal: true })),
        );
        break;
      case 'variable_assignments':
        this.subcommands.push(node.namedChildren.map((child) => child.text));
        break;
      case 'variable_assignment':
        if (!ASSIGNMENT_HOSTS.has(parentType)) this.subcommands.push([node.text]);
        break;
      case 'command_substitution':
        this.risks.add(SHELL_RISKS.commandSubstitution);
        break;
      case 'process_substitution':
        this.risks.add(SHELL_RISKS.processSubstitution);
        break;
      case 'expansion':
        this.expansion(node);
        break;
      case 'subscript': {
        const index = node.namedChildren[1];
        if (index !== undefined && index.type !== 'number' && index.text !== '@' && index.text !== '*')
          this.risks.add(SHELL_RISKS.arithmetic);
        break;
      }
      case 'arithmetic_expansion':
      case 'c_style_for_statement':
        if (containsVariable(node)) this.risks.add(SHELL_RISKS.arithmetic);
        break;
      case 'compound_statement':
        if (node.firstChild?.type === '((' && containsVariable(node)) this.risks.add(SHELL_RISKS.arithmetic);
        break;
      case 'test_command':
        // `[ ... ]` runs the `[` builtin (with its own risks: `[ -v 'a[$(cmd)]' ]`); `[[ ... ]]` is syntax
        if (node.firstChild?.type === '[') {
          const words = readTestWords(node, this.source);
          if (words === undefined) this.risks.add(SHELL_RISKS.ambiguousSyntax);
          this.addCommand(
            words ?? [
              { text: '[', literal: true },
              { text: node.text, literal: false },
            ],
          );
        }
        break;
      case 'test_operator':
        if (ARITHMETIC_TEST_OPERATORS.has(node.text)) this.risks.add(SHELL_RISKS.arithmetic);
        break;
      case 'file_redirect':
        this.redirect(node);
        break;
      case 'heredoc_redirect':
        if (!isPlainHeredoc(node, this.source)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
        break;
      case '&':
        this.risks.add(SHELL_RISKS.background);
        return;
      case 'file_descriptor':
        // `-o2>&1` is the word `-o2` to bash, a descriptor to the parser
        if (!/^[0-9]+$/u.test(node.text)) this.risks.add(SHELL_RISKS.ambiguousSyntax);
        break;
      case '$[':
        // the old arithmetic form `$[...]`, which the parser reads differently from bash
        this.risks.add(SHELL_RISKS.ambiguousSyntax);
        return;
      default:
        break;
    }
    for (const child of node.children) this.visit(child, type);
  }

  /**
   * Text the parser skipped without an error (`-<tab>x=` reads as `x=` alone) is text bash
   * reads: anything but blanks and line continuations between two tokens is ambiguous.
   */
  private checkGap(until: number): void {
    if (until > this.coveredUntil && !/^(?:[ \t\n]|\\\n)*$/u.test(this.source.slice(this.coveredUntil, until)))
      this.risks.add(SHELL_RISKS.ambiguousSyntax);
  }

  private command(node: Node): void {
    const words: ShellWord[] = [];
    let nameAt = -1;
    for (const child of node.namedChildren) {
      if (child.type === 'variable_assignment') {
        // `GIT_CONFIG_COUNT=0 git status`, `LD_PRELOAD=x ls`: the same variables the model may
        // not set through `env` change how the command starts (and can undo the forced git settings).
        if (isStartupVariable(child.text.slice(0, Math.max(0, child.text.indexOf('=')))))
          this.risks.add(SHELL_RISKS.envOverride);
        words.push({ text: child.text, literal: false });
      } else if (child.type === 'command_name') {
        // `! for ...` in some places: the parser made a command of what bash reads as a keyword
        if (RESERVED_WORDS.has(child.text) || child.text === 'time' || child.text === 'coproc')
          this.risks.add(SHELL_RISKS.ambiguousSyntax);
        nameAt = words.length;
        words.push(readWord(child));
      } else if (!child.type.endsWith('_redirect') && child.type !== 'comment') {
        words.push(readWord(child));
      }
    }
    this.subcommands.push(words.map((word) => word.text));
    if (nameAt !== -1) this.classify(words.slice(nameAt));
  }

  public addCommand(words: readonly ShellWord[]): void {
    this.subcommands.push(words.map((word) => word.text));
    this.classify(words);
  }

  private classify(words: readonly ShellWord[]): void {
    const facts = classifyCommand(words);
    for (const risk of facts.risks) this.risks.add(risk);
    if (facts.changesDirectory) this.changesDirectory = true;
    this.writes.push(...facts.writes);
    this.reads.push(...facts.reads);
    if (facts.readsUnknown) this.readsUnknown = true;
    for (const inner of facts.innerCommands) this.addCommand(inner);
    for (const script of facts.scripts) this.nested(script);
  }

  private nested(script: string): void {
    if (this.depth >= MAX_NESTING) {
      this.risks.add(SHELL_RISKS.nestingTooDeep);
      return;
    }
    const inner = new CommandLineWalker(this.parser, this.depth + 1);
    inner.walk(script);
    this.subcommands.push(...inner.subcommands);
    for (const risk of inner.risks) this.risks.add(risk);
    this.redirections.push(...inner.redirections);
    this.redirectSites.push(...inner.redirections.map(() => undefined));
    this.writes.push(...inner.writes);
    this.reads.push(...inner.reads);
    if (inner.readsUnknown) this.readsUnknown = true;
    if (inner.changesDirectory) this.changesDirectory = true;
    this.parseError ??= inner.parseError;
  }

  private expansion(node: Node): void {
    const children = node.children;
    if (children[1]?.type === '!') this.risks.add(SHELL_RISKS.indirectExpansion);
    const colon = children.findIndex((child) => child.type === ':');
    if (colon !== -1 && children.slice(colon + 1).some((child) => child.isNamed && child.type !== 'number')) {
      this.risks.add(SHELL_RISKS.arithmetic);
    }
    if (children.some((child) => child.type === '@')) this.risks.add(SHELL_RISKS.parameterTransformation);
  }

  private redirect(node: Node): void {
    const input = readInputRedirection(node);
    if (input !== undefined) {
      if (input.target.literal) this.reads.push({ program: 'shell', via: input.operator, target: input.target });
      else this.readsUnknown = true;
    }
    const redirection = readRedirection(node);
    if (redirection === undefined) return;
    this.risks.add(SHELL_RISKS.redirection);
    this.redirections.push(redirection);
    const destination = node.childForFieldName('destination');
    this.redirectSites.push(
      this.depth === 0 && destination !== null
        ? { start: destination.startIndex, end: destination.endIndex }
        : undefined,
    );
  }
}
