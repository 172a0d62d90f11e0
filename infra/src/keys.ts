import { randomBytes } from 'node:crypto';
import { generateAuthKeys } from '@bet/kit';

// Prints the secrets of the container and cluster modes as .env lines (docker-compose.yml
// reads them; infra/k8s/secret.example.yaml shows where they go in Kubernetes): a fresh
// Ed25519 key pair, the database password and the load balancer's cookie key.
const keys = await generateAuthKeys();
const oneLine = (pem: string) => JSON.stringify(pem.trim());
console.log(`JWT_PUBLIC_KEY=${oneLine(keys.publicKeyPem)}`);
console.log(`JWT_PRIVATE_KEY=${oneLine(keys.privateKeyPem)}`);
console.log(`POSTGRES_PASSWORD=${randomBytes(18).toString('base64url')}`);
console.log(`HAPROXY_COOKIE_KEY=${randomBytes(18).toString('base64url')}`);
