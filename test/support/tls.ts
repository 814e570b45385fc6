/**
 * A throwaway certificate for localhost, made with the openssl command line (installed from
 * Debian when missing, where the test runs as root); undefined, with a loud reason, when neither works.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate as a file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
}

function haveOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    try {
      execFileSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq openssl'], { stdio: 'ignore', timeout: 180_000 });
      return true;
    } catch {
      return false;
    }
  }
}

export function localhostCertificate(): TestCertificate | undefined {
  if (!haveOpenssl()) {
    console.warn('NOT TESTED: the HTTPS issuer test needs the openssl command, which is missing and could not be installed.');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pfm-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
