/**
 * The named node types of tree-sitter-bash that the command-line analysis fully understands:
 * for these, the subcommands it reports are what bash runs (checked by the differential test
 * against bash in test/shell). Any other named node (`translated_string` for `$"..."`,
 * `extglob_pattern`, `regex` in `[[ =~ ]]`, types a newer grammar adds) makes the command
 * line `ambiguous_syntax`: the parser may read it differently from bash. `ERROR` nodes are
 * `parse_error`. Heredocs are understood only in their plain forms (see `isPlainHeredoc`).
 */
export const UNDERSTOOD_NODE_TYPES: ReadonlySet<string> = new Set([
  'program',
  'comment',
  // statements
  'command',
  'command_name',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'redirected_statement',
  'negated_command',
  'variable_assignment',
  'variable_assignments',
  'declaration_command',
  'unset_command',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'do_group',
  'case_statement',
  'case_item',
  'function_definition',
  'test_command',
  // words
  'word',
  'number',
  'string',
  'string_content',
  'raw_string',
  'ansi_c_string',
  'concatenation',
  'array',
  'brace_expression',
  // expansions and substitutions (their risks are flagged where they are visited)
  'simple_expansion',
  'expansion',
  'variable_name',
  'special_variable_name',
  'subscript',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  // expressions of `[[ ]]`, `(( ))` and `$(( ))`
  'binary_expression',
  'unary_expression',
  'ternary_expression',
  'postfix_expression',
  'parenthesized_expression',
  'test_operator',
  // redirections
  'file_redirect',
  'file_descriptor',
  'herestring_redirect',
  'heredoc_redirect',
  'heredoc_start',
  'heredoc_body',
  'heredoc_content',
  'heredoc_end',
]);
