package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The method-length counter on literal sources: what opens a method, and what only looks like a brace. */
class MethodLengthsTest {

    private static List<String> lengths(String source) {
        return MethodLengths.of(source).stream().map(m -> m.name() + " " + m.firstLine() + "-" + m.lastLine() + " " + m.lines()).toList();
    }

    @Test
    void aMethodRunsFromItsSignaturePastItsAnnotationsAndJavadocToItsClosingBrace() {
        assertEquals(List.of("run 6-9 4", "Plain 10-11 2"), lengths("""
                package p;
                class Plain {
                    /** Javadoc { with a brace. */
                    @Override
                    @SuppressWarnings({"unchecked", "x"})
                    public void run()
                            throws Exception {
                        int x = 1;
                    }
                    Plain() {
                    }
                }
                """));
    }

    @Test
    void bracesInStringsCharsTextBlocksAndCommentsCountForNothing() {
        assertEquals(List.of("m 2-12 11"), lengths("""
                class S {
                    String m() {
                        char open = '{';
                        char quote = '\\'';
                        String s = "}\\"}" + '"';
                        // }
                        /* } { */
                        String block = \"""
                            } \\\""" }
                            \""";
                        return "{" + s + "\\\\";
                    }
                }
                """));
    }

    @Test
    void lambdasBlocksAndSwitchesCountInTheirMethod() {
        assertEquals(List.of("m 2-14 13"), lengths("""
                class L {
                    void m(int k) {
                        Runnable r = () -> {
                            System.out.println();
                        };
                        int[] a = new int[] {1, 2};
                        int[][] b = {{1}, {2}};
                        switch (k) {
                            case 1 -> {
                            }
                            default -> {
                            }
                        }
                    }
                }
                """));
    }

    @Test
    void methodsOfNestedLocalAndAnonymousClassesAreMethodsOfTheirOwn() {
        assertEquals(List.of("inner 4-5 2", "run 9-10 2", "local 13-14 2", "outer 7-16 10", "value 19-20 2", "R 23-25 3",
                "E 27-28 2", "s 30-31 2"), lengths("""
                class O {
                    static final int[] N = {1, 2};
                    static class Inner {
                        void inner() {
                        }
                    }
                    void outer() {
                        Runnable r = new java.lang.Runnable() {
                            public void run() {
                            }
                        };
                        record Local(int x) {
                            void local() {
                            }
                        }
                    }
                    enum E {
                        A(1) {
                            int value() {
                            }
                        }, B(2);
                        record R(int x) {
                            R {
                                x = 1;
                            }
                        }
                        E(int v) {
                        }
                    }
                    static <T> void s(java.util.List<? extends T> l) {
                    }
                }
                """));
    }

    @Test
    void nonAsciiNamesAndEmojiInLiteralsAreReadLikeAnyOther() {
        assertEquals(List.of("größe 3-6 4", "Ω 7-8 2"), lengths("""
                non-sealed class Ω {
                    static final String FACE = "😀{";
                    int größe(char é) {
                        char c = '}';
                        return "🎉}}".length() + c; // 😀 {
                    }
                    Ω() {
                    }
                }
                """));
    }

    @Test
    void anUnbalancedSourceIsRefusedRatherThanMiscounted() {
        assertThrows(IllegalArgumentException.class, () -> MethodLengths.of("class A { void m() { }"));
        assertThrows(IllegalArgumentException.class, () -> MethodLengths.of("class A { String s = \"open; }"));
    }
}
