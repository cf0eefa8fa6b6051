import { type ConnectionProvider, connectionTokenContext, type TokenPair } from '../data/connection.js';
import { open, type Sealed, seal } from '../providers/crypto/envelope.js';
import type { DataKeyPort } from '../providers/crypto/port.js';

/** Seals a connection's tokens (DESIGN §6: envelope encryption under a data key of the KMS key). */
export const sealConnectionTokens = (
  keys: DataKeyPort,
  ref: { provider: ConnectionProvider; uid: string; id: string },
  tokens: TokenPair,
) => seal(keys, connectionTokenContext(ref), tokens);

/** Opens a connection's tokens; throws when they hold no access token. */
export const openConnectionTokens = async (
  keys: DataKeyPort,
  ref: { provider: ConnectionProvider; uid: string; id: string; tokens: Sealed },
): Promise<TokenPair> => {
  const value = (await open(keys, connectionTokenContext(ref), ref.tokens)) as Partial<TokenPair>;
  if (typeof value.accessToken !== 'string') {
    throw new Error(`The ${ref.provider} connection ${ref.id} of ${ref.uid} holds no access token`);
  }
  return { accessToken: value.accessToken, refreshToken: value.refreshToken ?? null };
};
