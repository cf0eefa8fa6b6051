/**
 * The data-key port of envelope encryption (DESIGN §6: OAuth tokens encrypted at rest). A key is made per write and
 * handed out twice: in the clear, to encrypt with and forget, and wrapped by the master key, to store beside the
 * ciphertext. The encryption context (who the data belongs to, what it is) is bound to the wrapped key: unwrapping
 * with another context fails, so a ciphertext copied onto another user's item cannot be read there.
 * Adapters: AWS KMS (kms.ts, `TOKEN_KMS_KEY_ID`) and, locally, a key file (key-file.ts, `TOKEN_KEY_FILE`).
 */
export type EncryptionContext = Readonly<Record<string, string>>;

export type DataKey = {
  /** 32 bytes for AES-256-GCM; used once and dropped */
  plaintext: Uint8Array;
  /** the same key wrapped by the master key, stored with the data */
  wrapped: Uint8Array;
};

export type DataKeyPort = {
  /** which adapter wrapped a key (`kms` | `file`), stored so a key is unwrapped by the one that made it */
  kind: string;
  generate: (context: EncryptionContext) => Promise<DataKey>;
  /** the key of `wrapped`; throws when the context differs from the one it was made with */
  unwrap: (wrapped: Uint8Array, context: EncryptionContext) => Promise<Uint8Array>;
};
