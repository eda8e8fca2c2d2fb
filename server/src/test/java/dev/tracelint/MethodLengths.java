package dev.tracelint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The methods and constructors of one Java source with their length in lines, from the first line
 * of the signature (after its annotations) to the line of the closing brace. Read from the source,
 * not the bytecode (whose line table skips blank lines and comments): strings, chars, text blocks
 * and comments are skipped, so a brace in them counts for nothing; a lambda's or a local block's
 * lines count in the method holding them; a method of a nested, local or anonymous class is a
 * method of its own (its lines also count in a method holding it).
 */
final class MethodLengths {
    /** A method: its name (a constructor's is its class's), the line of its signature and of its closing brace, 1-based. */
    record Method(String name, int firstLine, int lastLine) {
        int lines() {
            return lastLine - firstLine + 1;
        }
    }

    private enum Kind { IDENT, NUMBER, LITERAL, OP }

    private record Token(Kind kind, String text, int line) {
        boolean is(String s) {
            return kind == Kind.OP && text.equals(s) || kind == Kind.IDENT && text.equals(s);
        }
    }

    /** What a pair of braces holds. */
    private enum Body { TYPE, CODE, ARRAY, METHOD }

    /** One open brace: what it holds, for a type its name and kind, for a method the method so far. */
    private static final class Open {
        final Body body;
        final String typeName;
        final boolean isEnum;
        final boolean isRecord;
        final String methodName;
        final int firstLine;
        /** The first token after the last ';', '{' or '}' directly inside it. */
        int headerStart;
        /** For an enum: whether its constants are behind (the first ';' directly inside it). */
        boolean pastConstants;
        /** Whether it is part of an expression (a lambda, an anonymous class, an array or annotation's values): its header goes on after it. */
        boolean inExpression;

        Open(Body body, String typeName, boolean isEnum, boolean isRecord, String methodName, int firstLine, int headerStart) {
            this.body = body;
            this.typeName = typeName;
            this.isEnum = isEnum;
            this.isRecord = isRecord;
            this.methodName = methodName;
            this.firstLine = firstLine;
            this.headerStart = headerStart;
        }
    }

    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record");
    private static final Set<String> MODIFIERS = Set.of("public", "protected", "private", "static", "final", "abstract",
            "synchronized", "native", "strictfp", "default", "sealed", "non-sealed", "transient", "volatile");

    private final List<Token> tokens;
    private final int[] matchingOpen;

    private MethodLengths(List<Token> tokens) {
        this.tokens = tokens;
        this.matchingOpen = matchParens(tokens);
    }

    /** Every method and constructor of {@code source}, in the order their closing braces come. */
    static List<Method> of(String source) {
        return new MethodLengths(tokenize(source)).methods();
    }

    private List<Method> methods() {
        List<Method> out = new ArrayList<>();
        Deque<Open> open = new ArrayDeque<>();
        open.push(new Open(Body.TYPE, null, false, false, null, 0, 0)); // the file: types at its top level
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            Open in = open.peek();
            if (t.is("{")) {
                open.push(opened(in, i));
            } else if (t.is("}")) {
                Open closed = open.pop();
                if (closed.body == Body.METHOD) {
                    out.add(new Method(closed.methodName, closed.firstLine, t.line));
                }
                if (open.isEmpty()) {
                    throw new IllegalArgumentException("a '}' with no '{' at line " + t.line);
                }
                if (!closed.inExpression) { // a member or a statement ends: the next header starts after it
                    open.peek().headerStart = i + 1;
                }
            } else if (t.is(";")) {
                in.headerStart = i + 1;
                in.pastConstants = true;
            }
        }
        if (open.size() != 1) {
            throw new IllegalArgumentException(open.size() - 1 + " '{' never closed");
        }
        return out;
    }

    /** What the '{' at {@code i}, directly inside {@code in}, opens. */
    private Open opened(Open in, int i) {
        Token prev = i > 0 ? tokens.get(i - 1) : null;
        Open expression = null;
        if (prev != null && prev.is("->")) {
            expression = code(i); // a lambda's body
        } else if (prev != null && prev.is(")") && isNew(matchingOpen[i - 1])) {
            expression = type(null, false, false, i); // an anonymous class
        } else if (prev != null && (prev.is("(") || prev.is(",") || prev.is("=") || prev.is("]") || prev.is("{") && in.body == Body.ARRAY)) {
            expression = new Open(Body.ARRAY, null, false, false, null, 0, i + 1);
        }
        if (expression != null) {
            expression.inExpression = true;
            return expression;
        }
        int header = afterAnnotations(in.headerStart, i, true);
        for (int k = header; k < i - 1; k++) {
            Token kw = tokens.get(k);
            if (kw.kind == Kind.IDENT && TYPE_KEYWORDS.contains(kw.text) && tokens.get(k + 1).kind == Kind.IDENT
                    && (k == 0 || !tokens.get(k - 1).is("."))) {
                return type(tokens.get(k + 1).text, kw.text.equals("enum"), kw.text.equals("record"), i);
            }
        }
        if (in.body != Body.TYPE) {
            return code(i); // a block of statements
        }
        if (in.isEnum && !in.pastConstants) {
            return type(null, false, false, i); // an enum constant's body
        }
        int paren = firstAtDepthZero(header, i, "(");
        if (paren > header && firstAtDepthZero(header, i, "=") < 0) {
            return method(tokens.get(paren - 1).text, in.headerStart, i);
        }
        if (in.isRecord && prev != null && prev.kind == Kind.IDENT && prev.text.equals(in.typeName)) {
            return method(prev.text, in.headerStart, i); // a compact canonical constructor
        }
        return code(i); // an initializer
    }

    private Open code(int i) {
        return new Open(Body.CODE, null, false, false, null, 0, i + 1);
    }

    private Open type(String name, boolean isEnum, boolean isRecord, int i) {
        return new Open(Body.TYPE, name, isEnum, isRecord, null, 0, i + 1);
    }

    /** A method whose declaration starts at {@code from}: its signature, at its first modifier past the annotations. */
    private Open method(String name, int from, int i) {
        int signature = afterAnnotations(from, i, false);
        return new Open(Body.METHOD, null, false, false, name, tokens.get(signature).line, i + 1);
    }

    /** Whether the '(' at {@code paren} ends {@code new Type(}, {@code new a.b.Type<T>(}: its '{' opens an anonymous class. */
    private boolean isNew(int paren) {
        int k = paren - 1;
        if (k >= 0 && tokens.get(k).is(">")) { // type arguments
            int depth = 0;
            for (; k >= 0; k--) {
                depth += tokens.get(k).is(">") ? 1 : tokens.get(k).is("<") ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            k--;
        }
        while (k >= 1 && tokens.get(k).kind == Kind.IDENT && tokens.get(k - 1).is(".")) {
            k -= 2; // a qualified name
        }
        return k >= 1 && tokens.get(k).kind == Kind.IDENT && tokens.get(k - 1).is("new");
    }

    /** The first token of [from, to) past leading annotations ({@code @Name}, {@code @a.Name(...)}) and, if {@code modifiers}, modifiers. */
    private int afterAnnotations(int from, int to, boolean modifiers) {
        int k = from;
        while (k < to) {
            Token t = tokens.get(k);
            if (t.is("@") && k + 1 < to && !tokens.get(k + 1).is("interface")) {
                k += 2;
                while (k + 1 < to && tokens.get(k).is(".")) {
                    k += 2;
                }
                if (k < to && tokens.get(k).is("(")) {
                    k = closing(k) + 1;
                }
            } else if (modifiers && t.kind == Kind.IDENT && MODIFIERS.contains(t.text)) {
                k++;
            } else {
                return k;
            }
        }
        return k;
    }

    /** The first {@code op} in [from, to) outside parentheses and brackets, or -1. */
    private int firstAtDepthZero(int from, int to, String op) {
        int depth = 0;
        for (int k = from; k < to; k++) {
            Token t = tokens.get(k);
            if (depth == 0 && t.is(op)) {
                return k;
            }
            depth += t.is("(") || t.is("[") ? 1 : t.is(")") || t.is("]") ? -1 : 0;
        }
        return -1;
    }

    private int closing(int paren) {
        for (int k = paren + 1; k < tokens.size(); k++) {
            if (tokens.get(k).is(")") && matchingOpen[k] == paren) {
                return k;
            }
        }
        throw new IllegalArgumentException("a '(' never closed at line " + tokens.get(paren).line);
    }

    /** Per ')': the index of its '(' (-1 for any other token). */
    private static int[] matchParens(List<Token> tokens) {
        int[] out = new int[tokens.size()];
        Deque<Integer> open = new ArrayDeque<>();
        for (int k = 0; k < tokens.size(); k++) {
            out[k] = -1;
            if (tokens.get(k).is("(")) {
                open.push(k);
            } else if (tokens.get(k).is(")")) {
                if (open.isEmpty()) {
                    throw new IllegalArgumentException("a ')' with no '(' at line " + tokens.get(k).line);
                }
                out[k] = open.pop();
            }
        }
        return out;
    }

    // ---- the tokens ----

    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int start = i;
            int startLine = line;
            if (c == '\n') {
                line++;
                i++;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (s.startsWith("//", i)) {
                i = lineEnd(s, i);
                continue;
            }
            if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                line += count(s, start, i);
                continue;
            }
            if (s.startsWith("\"\"\"", i)) {
                i = textBlockEnd(s, i + 3);
                line += count(s, start, i);
                out.add(new Token(Kind.LITERAL, "\"\"\"", startLine));
                continue;
            }
            if (c == '"' || c == '\'') {
                i = quotedEnd(s, i + 1, c);
                out.add(new Token(Kind.LITERAL, String.valueOf(c), startLine));
                continue;
            }
            if (Character.isJavaIdentifierStart(c)) {
                while (i < s.length() && Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
                if (s.startsWith("non-sealed", start) && i - start == 3) {
                    i = start + "non-sealed".length();
                }
                out.add(new Token(Kind.IDENT, s.substring(start, i), startLine));
                continue;
            }
            if (Character.isDigit(c) || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                i++;
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '.')) {
                    i++;
                }
                out.add(new Token(Kind.NUMBER, s.substring(start, i), startLine));
                continue;
            }
            String op = s.startsWith("->", i) ? "->" : s.startsWith("::", i) ? "::" : String.valueOf(c);
            i += op.length();
            out.add(new Token(Kind.OP, op, startLine));
        }
        return out;
    }

    private static int lineEnd(String s, int i) {
        int end = s.indexOf('\n', i);
        return end < 0 ? s.length() : end;
    }

    /** Past the closing quote of a string or char literal opened before {@code i} (it never spans lines). */
    private static int quotedEnd(String s, int i, char quote) {
        while (i < s.length() && s.charAt(i) != quote && s.charAt(i) != '\n') {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= s.length() || s.charAt(i) != quote) {
            throw new IllegalArgumentException("a " + quote + " literal never closed");
        }
        return i + 1;
    }

    /** Past the closing {@code """} of a text block opened before {@code i}. */
    private static int textBlockEnd(String s, int i) {
        while (i < s.length() && !s.startsWith("\"\"\"", i)) {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= s.length()) {
            throw new IllegalArgumentException("a text block never closed");
        }
        return i + 3;
    }

    private static int count(String s, int from, int to) {
        int n = 0;
        for (int k = from; k < to; k++) {
            n += s.charAt(k) == '\n' ? 1 : 0;
        }
        return n;
    }
}
