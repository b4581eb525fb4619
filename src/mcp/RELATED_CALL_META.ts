/**
 * The `params._meta` key that relates a server's question to the call it belongs to (Streamable
 * HTTP only). Our `tools/call` request carries it with the call's key (a counter, nothing
 * secret); every server request that comes on that POST's response stream is tagged with the
 * same key by {@link createTaggingFetch}, overwriting whatever the server put there, and the key
 * is removed from server requests on every other stream: a server cannot choose where its question goes.
 */
export const RELATED_CALL_META = 'agentkit/call';
