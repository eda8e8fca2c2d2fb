package dev.tracelint.lsp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;

/** The didOpen/didChange shortcut parses exactly as lsp4j does, and leaves everything else to lsp4j. */
class TextSyncMessageProducerTest {
    private final MessageJsonHandler handler =
            new MessageJsonHandler(ServiceEndpoints.getSupportedMethods(LanguageServer.class));
    private final TextSyncMessageProducer producer =
            new TextSyncMessageProducer(new ByteArrayInputStream(new byte[0]), handler, null, 0);

    private static String didOpen(String jsonText) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                + "{\"uri\":\"file:///t%20x.json\",\"languageId\":\"json\",\"version\":7,\"text\":" + jsonText + "}}}";
    }

    private Message lsp4j(String json) {
        return handler.parseMessage(new InputStreamReader(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8));
    }

    private Message shortcut(String json) {
        return producer.textSync(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(Message m) {
        return ((DidOpenTextDocumentParams) ((NotificationMessage) m).getParams()).getTextDocument().getText();
    }

    @Test
    void decodesEveryKindOfStringContentAsLsp4jDoes() {
        String[] texts = {
            "\"\"",
            "\"{\\\"traceEvents\\\": [{\\\"name\\\": \\\"a\\\\\\\\b\\\"}]}\\n\"",
            "\"tab\\tcr\\rlf\\nff\\fbs\\bslash\\/quote\\\"back\\\\\"",
            "\"\\u00e9\\u00C4\\u65e5\\u0000\\u001f\"",
            "\"\\uD83D\\uDE00 pair, \\uD83D lone high, \\uDE00 lone low\"",
            "\"raw é ß 日本語 😀 🎨 end\"",
            "\"é at the end é\"",
            "\"only an emoji 😀, the rest ASCII\"",
            "\"ASCII with escapes only: \\\"ts\\\": 1, \\\\ \\/ \\t\"",
            "\"\\u0041SCII but for a \\\\u escape\"",
        };
        for (String t : texts) {
            String json = didOpen(t);
            Message expected = lsp4j(json);
            Message actual = shortcut(json);
            assertNotNull(actual, t);
            assertEquals(text(expected), text(actual), t);
            assertEquals(expected, actual, t);
        }
    }

    @Test
    void keepsMembersInAnyOrderAndWhitespace() {
        String json = " {\n\t\"params\" : { \"textDocument\" : { \"text\" : \"x\" , \"version\" : 3 ,"
                + " \"uri\" : \"file:///a\" , \"languageId\" : \"json\" } } , \"method\" : \"textDocument/didOpen\","
                + " \"jsonrpc\" : \"2.0\" }\r\n";
        assertEquals(lsp4j(json), shortcut(json));
    }

    @Test
    void parsesDidChangeWithRangesAndNumbers() {
        String json = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
                + "{\"uri\":\"file:///a\",\"version\":12},\"contentChanges\":[{\"range\":{\"start\":{\"line\":1,"
                + "\"character\":0},\"end\":{\"line\":2,\"character\":5}},\"rangeLength\":null,\"text\":\"\\\"é\\\"\"},"
                + "{\"text\":\"whole\"}]}}";
        Message actual = shortcut(json);
        assertInstanceOf(DidChangeTextDocumentParams.class, ((NotificationMessage) actual).getParams());
        assertEquals(lsp4j(json), actual);
    }

    @Test
    void leavesOtherMethodsAndQuestionableInputToLsp4j() {
        assertNull(shortcut("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{}}"));
        assertNull(shortcut("[1, 2]"));
        String[] bad = {
            "\"unterminated",
            "\"bad escape \\x\"",
            "\"short \\u12\"",
            "\"raw\tcontrol\"",
        };
        for (String t : bad) {
            assertNull(shortcut(didOpen(t)), t);
        }
        assertNull(shortcut(didOpen("\"x\"") + " trailing"));
        byte[] overlong = didOpen("\"a?b\"").getBytes(StandardCharsets.UTF_8);
        byte[] withOverlong = new byte[overlong.length + 1];
        int q = didOpen("\"a").length();
        System.arraycopy(overlong, 0, withOverlong, 0, q);
        withOverlong[q] = (byte) 0xC0; // '/' encoded in two bytes: not UTF-8
        withOverlong[q + 1] = (byte) 0xAF;
        System.arraycopy(overlong, q + 1, withOverlong, q + 2, overlong.length - q - 1);
        assertNull(producer.textSync(withOverlong));
        byte[] surrogate = didOpen("\"a???b\"").getBytes(StandardCharsets.UTF_8);
        surrogate[q] = (byte) 0xED; // U+D800 encoded in three bytes: not UTF-8
        surrogate[q + 1] = (byte) 0xA0;
        surrogate[q + 2] = (byte) 0x80;
        assertNull(producer.textSync(surrogate));
    }

    @Test
    void deliversEveryMessageOfAStreamInOrder() throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        String[] bodies = {
            didOpen("\"{\\\"traceEvents\\\": []}\""),
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":"
                    + "{\"uri\":\"file:///a\"},\"position\":{\"line\":0,\"character\":1}}}",
            didOpen("\"malformed \\q escape\""), // parsed (and reported) by lsp4j
        };
        for (String body : bodies) {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            stream.write(("Content-Length: " + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            stream.write(b);
        }
        List<Message> got = new ArrayList<>();
        new TextSyncMessageProducer(new ByteArrayInputStream(stream.toByteArray()), handler, (m, issues) -> { }, 0)
                .listen(got::add);
        assertEquals(2, got.size(), "the malformed message is lsp4j's to report, not to deliver: " + got);
        assertEquals("{\"traceEvents\": []}", text(got.get(0)));
        assertInstanceOf(RequestMessage.class, got.get(1));
    }

    @Test
    void aContentLengthRunningIntoTheNextMessagesStillDeliversEachOfThem() throws Exception {
        String first = didOpen("\"{\\\"traceEvents\\\": []}\"");
        String second = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":"
                + "{\"uri\":\"file:///a\"},\"position\":{\"line\":0,\"character\":1}}}";
        String third = "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}";
        String secondFrame = "Content-Length: " + second.length() + "\r\n\r\n" + second;
        String thirdFrame = "Content-Length: " + third.length() + "\r\n\r\n" + third;
        // the first length covers the second message and part of the third: all three arrive at once
        int declared = first.getBytes(StandardCharsets.UTF_8).length + secondFrame.length() + 10;
        byte[] stream = ("Content-Length: " + declared + "\r\n\r\n" + first + secondFrame + thirdFrame).getBytes(StandardCharsets.UTF_8);
        List<Message> got = new ArrayList<>();
        new TextSyncMessageProducer(new ByteArrayInputStream(stream), handler, (m, issues) -> { }, 0).listen(got::add);
        assertEquals(3, got.size(), got.toString());
        assertEquals("{\"traceEvents\": []}", text(got.get(0)));
        assertInstanceOf(RequestMessage.class, got.get(1));
        assertEquals("initialized", ((NotificationMessage) got.get(2)).getMethod());
    }
}
