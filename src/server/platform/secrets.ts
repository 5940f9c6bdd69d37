import crypto from 'node:crypto';

/**
 * How the server keeps a secret it hands out (a signing link, a provisioning token): only its SHA-256, in hex,
 * so a stolen table reveals no usable secret. The one digest every such store uses.
 */
export const sha256Hex = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
