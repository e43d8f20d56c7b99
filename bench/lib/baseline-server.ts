import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The reads baseline: a bare node:http server answering every request with the same bytes the API
 * answered (argv: body file, port), with the content type and length the API sends.
 */
const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) throw new Error('usage: baseline-server.ts <body file> <port>');
const body = readFileSync(file);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(portArg), '127.0.0.1');
