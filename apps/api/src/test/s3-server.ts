import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3-compatible server (s3rver, from npm) on a free local port, its objects in a temporary
// folder: the media store's bucket in tests, spoken to by the official AWS SDK like any other.

export interface TestS3 {
  /** MEDIA_S3_URL for a bucket on it (created on first use by the store). */
  url: (bucket: string) => string;
  close: () => Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  return {
    // s3rver's fixed test key pair.
    url: (bucket) => `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
