package dev.tracelint.read;

import java.io.IOException;

/**
 * The reader's differential test for callers outside this package (the fuzz targets): the fast
 * paths (the scanner over chars, and over UTF-8 bytes decoded by Utf8Input) record exactly what jackson's path records. See {@link EventScannerTest#assertSameAsJackson}.
 */
public final class ReaderDifferential {
    private ReaderDifferential() {
    }

    public static void assertSameAsJackson(String text, String what) throws IOException {
        EventScannerTest.assertSameAsJackson(text, what);
    }
}
