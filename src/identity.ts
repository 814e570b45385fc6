/** The server's name and version, as clients, logs and --version show them. */
export const SERVER_NAME = 'project-finance-mcp';
export const SERVER_VERSION = '0.1.0';
