/** The scopes /mcp understands: `read` to use the server at all, `modify` for tools that change data. */
export const READ_SCOPE = 'read';
export const MODIFY_SCOPE = 'modify';
export const SCOPES_SUPPORTED = [READ_SCOPE, MODIFY_SCOPE];
