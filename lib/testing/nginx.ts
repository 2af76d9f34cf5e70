import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * Debian's nginx (the `nginx` package, which the test command installs when it is missing) in front of test
 * instances, running deploy/nginx.conf — the file the README gives operators — with only what differs on a test
 * machine rewritten: loopback ports, the instances, a self-signed certificate, and the pid, logs and spools in a
 * temporary directory (so that it runs as root or not, and touches nothing under /var or /run).
 */
const NGINX = "/usr/sbin/nginx";
const DEPLOY_CONF = path.join(process.cwd(), "deploy", "nginx.conf");

interface NginxSite {
  /** Holds nginx.conf, the pid, error.log, access.log, the spools and the certificate. */
  dir: string;
  /** The instances, `host:port`, one `server` line each. */
  upstreams: string[];
  httpsPort: number;
  httpPort: number;
  certificate: { cert: string; key: string };
}

/**
 * Replaces every match of `pattern` (global) and insists on how many there were: a change to deploy/nginx.conf
 * that this rendering no longer fits fails here, by name, instead of testing some other configuration.
 */
function rewrite(text: string, pattern: RegExp, replacement: string | ((match: string, ...groups: string[]) => string), expected: number): string {
  const found = text.match(pattern)?.length ?? 0;
  if (found !== expected) throw new Error(`deploy/nginx.conf: expected ${expected} line(s) matching ${pattern}, found ${found}`);
  return text.replace(pattern, replacement as (match: string, ...groups: string[]) => string);
}

/** deploy/nginx.conf as the test runs it (see the top of this file). */
function renderNginxConf(template: string, site: NginxSite): string {
  const { dir } = site;
  let text = template;
  // Workers run as the user that started nginx (the directive only means something to a root master).
  text = rewrite(text, /^user .*;\n/gm, "", 1);
  text = rewrite(text, /^pid .*;$/gm, `pid ${dir}/nginx.pid;`, 1);
  text = rewrite(text, /^error_log \S+/gm, `error_log ${dir}/error.log`, 1);
  text = rewrite(text, /^(\s*access_log )\S+/gm, (_, head: string) => `${head}${dir}/access.log`, 1);
  text = rewrite(
    text,
    /^(\s*)(client_body|proxy|fastcgi|uwsgi|scgi)_temp_path \S+;$/gm,
    (_, indent: string, kind: string) => `${indent}${kind}_temp_path ${dir}/${kind};`,
    5,
  );
  // The instances: the example's two `server` lines become one line per instance, with the same parameters.
  let first = true;
  text = rewrite(
    text,
    /^(\s*)server \S+( [^;#\n]*)?; # CHANGE\n/gm,
    (_, indent: string, parameters = "") => {
      if (!first) return "";
      first = false;
      return site.upstreams.map((upstream) => `${indent}server ${upstream}${parameters}; # CHANGE\n`).join("");
    },
    2,
  );
  // Loopback only, on free ports; no IPv6 listeners.
  text = rewrite(text, /^\s*listen \[::\]:.*\n/gm, "", 2);
  text = rewrite(text, /^(\s*)listen 80;/gm, (_, indent: string) => `${indent}listen 127.0.0.1:${site.httpPort};`, 1);
  text = rewrite(text, /^(\s*)listen 443 /gm, (_, indent: string) => `${indent}listen 127.0.0.1:${site.httpsPort} `, 1);
  text = rewrite(text, /^(\s*ssl_certificate )\S+;/gm, (_, head: string) => `${head}${site.certificate.cert};`, 1);
  text = rewrite(text, /^(\s*ssl_certificate_key )\S+;/gm, (_, head: string) => `${head}${site.certificate.key};`, 1);
  // The test's public address has a port: the file says to pass $http_host then.
  text = rewrite(text, /proxy_set_header Host \$host;/g, "proxy_set_header Host $http_host;", 1);
  return text;
}

/** A self-signed certificate for 127.0.0.1 (openssl), valid for a day: nginx serves it, the clients trust it alone. */
export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return { cert, key, pem: fs.readFileSync(cert, "utf8") };
}

/** One line of the access log (deploy/nginx.conf's `upstream_timing` format). */
export interface AccessLine {
  remoteAddress: string;
  method: string;
  path: string;
  status: number;
  bytesSent: number;
  /** Every instance tried, in order (`host:port`): more than one when nginx passed the request on. */
  upstreams: string[];
  upstreamStatuses: string[];
  requestId: string;
}

const ACCESS_LINE =
  /^(\S+) \[[^\]]+\] "(\S+) (\S+) [^"]*" (\d+) (\d+) upstream=(.*?) upstream_status=(.*?) request_time=\S+ upstream_time=.*? request_id=(\S*)$/;

function parseAccessLine(line: string): AccessLine | null {
  const match = ACCESS_LINE.exec(line);
  if (!match) return null;
  // nginx separates the servers tried with ", " (and the steps of an internal redirect with " : ").
  const list = (value: string) => value.split(/\s*,\s*|\s+:\s+/).filter((item) => item !== "" && item !== "-");
  return {
    remoteAddress: match[1],
    method: match[2],
    path: match[3],
    status: Number(match[4]),
    bytesSent: Number(match[5]),
    upstreams: list(match[6]),
    upstreamStatuses: list(match[7]),
    requestId: match[8],
  };
}

export interface RunningNginx {
  /** https://127.0.0.1:<port> */
  url: string;
  /** http://127.0.0.1:<port>, the redirect to HTTPS */
  httpUrl: string;
  /** The access log so far, parsed (nginx writes each line as its request ends). */
  accessLog(): AccessLine[];
  /** The error log's lines so far (an instance that refused a connection or dropped a request is logged here). */
  errorLog(): string[];
  /** Fast shutdown (SIGTERM) and its exit. */
  stop(): Promise<void>;
}

/** Starts nginx on deploy/nginx.conf in front of `upstreams`, and waits until it accepts connections. */
export async function startNginx(options: {
  dir: string;
  upstreams: string[];
  certificate: { cert: string; key: string };
  httpsPort?: number;
}): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (npm test installs it when missing)`);
  const site: NginxSite = {
    dir: options.dir,
    upstreams: options.upstreams,
    httpsPort: options.httpsPort ?? (await freePort()),
    httpPort: await freePort(),
    certificate: options.certificate,
  };
  const conf = path.join(site.dir, "nginx.conf");
  fs.writeFileSync(conf, renderNginxConf(fs.readFileSync(DEPLOY_CONF, "utf8"), site));
  const errorLog = path.join(site.dir, "error.log");
  // -e: the log of the start itself, before the configuration names one.
  const child = spawn(NGINX, ["-p", site.dir, "-e", errorLog, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(site.httpsPort, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
  const deadline = Date.now() + 15_000;
  while (!(await accepts())) {
    const log = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "");
    if (ended) throw new Error(`nginx exited at start (${await exited}): ${stderr}${log()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not listen on 127.0.0.1:${site.httpsPort}: ${stderr}${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const accessLog = path.join(site.dir, "access.log");
  const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").split("\n").filter(Boolean);
  return {
    url: `https://127.0.0.1:${site.httpsPort}`,
    httpUrl: `http://127.0.0.1:${site.httpPort}`,
    accessLog: () =>
      lines(accessLog)
        .map(parseAccessLine)
        .filter((line): line is AccessLine => line !== null),
    errorLog: () => lines(errorLog),
    async stop() {
      if (!ended) child.kill("SIGTERM");
      await exited;
    },
  };
}
