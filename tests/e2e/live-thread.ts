/** The page server's live RPOL thread (ti=51): a reply posted into it as a member of its cast. */
import { request } from 'node:http';

/** Post `text` into the live thread through the page server on `port` (ci: 520001 the GM, 520002 Ada). */
export function postToLiveThread(port: number, ci: number, text: string): Promise<void> {
  const body = new URLSearchParams({ ti: '51', ci: String(ci), messagetext: text }).toString();
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/message.cgi',
        method: 'POST',
        headers: { host: 'rpol.net', 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        res.resume();
        res.on('end', () => ok());
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
