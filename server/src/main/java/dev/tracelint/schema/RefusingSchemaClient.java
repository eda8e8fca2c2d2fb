package dev.tracelint.schema;

import java.io.InputStream;
import org.everit.json.schema.loader.SchemaClient;

/**
 * The only {@link SchemaClient} tracelint gives everit: it refuses every remote or file {@code $ref},
 * so loading the schema never touches the network or the file system (the schema is one
 * self-contained file in the jar; a {@code $ref} outside it is a mistake, or an attack).
 */
public final class RefusingSchemaClient implements SchemaClient {
    @Override
    public InputStream get(String url) {
        throw new SecurityException("tracelint does not load schemas from outside the jar: refused $ref to " + url);
    }
}
