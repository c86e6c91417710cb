import { connect, type Socket } from 'node:net';

// A client on a bare TCP socket, for what an HTTP library will not send: a
// Content-Length of gigabytes with a trickle of data, headers one byte at a time.

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** allowHalfOpen: the client keeps sending after the server's FIN, as a careless or hostile one would. */
export function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the first complete answer on the socket (a body of Content-Length bytes). */
export function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: received.subarray(end + 4, end + 4 + length).toString('utf8') });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the connection closed before a whole answer arrived')));
  });
}

/** Resolves once the other side has closed the connection (or reset it). */
export function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve();
    socket.once('close', () => resolve());
  });
}
