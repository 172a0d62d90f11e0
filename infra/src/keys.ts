import { generateAuthKeys } from '@bet/kit';

// Prints a fresh Ed25519 key pair as .env lines for the container and cluster modes.
const keys = await generateAuthKeys();
const oneLine = (pem: string) => JSON.stringify(pem.trim());
console.log(`JWT_PUBLIC_KEY=${oneLine(keys.publicKeyPem)}`);
console.log(`JWT_PRIVATE_KEY=${oneLine(keys.privateKeyPem)}`);
