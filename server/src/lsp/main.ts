import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startServer } from './server';

// The transport (stdio, IPC or a socket) comes from the command line the client starts us with.
startServer(createConnection(ProposedFeatures.all));
