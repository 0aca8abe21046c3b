/** Said in every command's usage: which database it works on, and how it shares the embedded one. */
export const WHERE = `Works on the configured database: DATABASE_URL, else the embedded database in DATA_DIR. While a
server has the embedded database open, the command is carried out by that server (through the local
socket DATA_DIR/server.sock); otherwise the command opens the database itself.`;
