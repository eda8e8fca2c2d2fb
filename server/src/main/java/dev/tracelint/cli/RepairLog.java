package dev.tracelint.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.fix.Repair;
import dev.tracelint.read.Json;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.Quoted;
import dev.tracelint.viewer.Viewer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The change log of {@code repair}: for a person (text: one line per kind of change, a flood of
 * one rule's identical changes as one line with a count and the first position) or for a program
 * (JSON: every change, refusal and remaining finding). Positions are in the input, 1-based, columns
 * in UTF-16 code units as everywhere in the CLI.
 */
final class RepairLog {
    /** Text: at most this many lines per rule for changes whose titles differ, then a count. */
    static final int LINES_PER_RULE = 5;

    private RepairLog() {
    }

    static void text(PrintStream out, String in, String written, Repair.Report r) {
        out.println(Quoted.safe("repaired " + in + " -> " + written + ": " + count(r.changes().size(), "change")
                + " in " + count(r.rounds(), "round") + (r.capped() ? " (stopped after " + Repair.MAX_ROUNDS + " rounds)" : "")));
        for (Line l : grouped(r.changes(), c -> c.ruleId() + "\u0000" + c.title(), c -> c.ruleId())) {
            Repair.Change c = l.first;
            out.println(Quoted.safe("  " + pos(c.at()) + "  " + c.ruleId() + "  " + (c.safe() ? "[safe] " : "[unsafe] ") + c.title()
                    + more(l) + " (unblocks " + ids(c.unblocks()) + "): " + c.why()));
        }
        if (!r.refused().isEmpty()) {
            out.println("refused (would make a targeted viewer's verdict worse):");
            Map<Repair.Change, String> reasons = new java.util.IdentityHashMap<>();
            r.refused().forEach(x -> reasons.put(x.change(), x.reason()));
            for (Line l : grouped(r.refused().stream().map(Repair.Refusal::change).toList(), c -> c.ruleId() + "\u0000" + c.title(),
                    c -> c.ruleId())) {
                Repair.Change c = l.first;
                String reason = reasons.get(c);
                out.println(Quoted.safe("  " + pos(c.at()) + "  " + c.ruleId() + "  " + c.title() + more(l) + ": " + reason));
            }
        }
        if (!r.remaining().isEmpty()) {
            out.println("not repaired:");
            Map<String, List<Repair.Remaining>> byRule = new LinkedHashMap<>();
            for (Repair.Remaining m : r.remaining()) {
                // one line per rule, reason and what the viewers do (a rule's conditions differ in that)
                byRule.computeIfAbsent(m.ruleId() + "\u0000" + m.reason() + "\u0000" + m.lost(), k -> new ArrayList<>()).add(m);
            }
            for (List<Repair.Remaining> same : byRule.values()) {
                Repair.Remaining m = same.get(0);
                String more = same.size() > 1 ? " (and " + (same.size() - 1) + " more like it)" : "";
                out.println(Quoted.safe("  " + pos(m.at()) + "  " + m.ruleId() + "  " + m.message() + more));
                out.println(Quoted.safe("      why: " + m.reason()));
                for (String lost : m.lost()) {
                    out.println(Quoted.safe("      " + lost));
                }
            }
        }
        List<String> verdicts = new ArrayList<>();
        for (int i = 0; i < r.before().size(); i++) {
            ViewerVerdict b = r.before().get(i);
            verdicts.add(b.viewer().id() + " " + b.verdict().id() + " -> " + r.after().get(i).verdict().id());
        }
        out.println("verdicts: " + String.join(" · ", verdicts));
    }

    /** Lines of the text log: changes with the same key as one, and no more than {@link #LINES_PER_RULE} per rule. */
    private static List<Line> grouped(List<Repair.Change> changes, java.util.function.Function<Repair.Change, String> key,
                                      java.util.function.Function<Repair.Change, String> rule) {
        Map<String, Line> byKey = new LinkedHashMap<>();
        Map<String, Integer> linesOfRule = new LinkedHashMap<>();
        Map<String, Line> restOfRule = new LinkedHashMap<>();
        for (Repair.Change c : changes) {
            Line l = byKey.get(key.apply(c));
            if (l == null) {
                int n = linesOfRule.merge(rule.apply(c), 1, Integer::sum);
                if (n > LINES_PER_RULE) {
                    Line rest = restOfRule.computeIfAbsent(rule.apply(c), k -> new Line(c, true));
                    rest.count++;
                    continue;
                }
                l = new Line(c, false);
                byKey.put(key.apply(c), l);
            }
            l.count++;
        }
        List<Line> out = new ArrayList<>(byKey.values());
        out.addAll(restOfRule.values());
        out.sort(java.util.Comparator.comparingLong(l -> l.first.offset()));
        return out;
    }

    private static final class Line {
        final Repair.Change first;
        /** The changes of a rule past its {@link #LINES_PER_RULE} lines, whatever their titles. */
        final boolean others;
        int count;

        Line(Repair.Change first, boolean others) {
            this.first = first;
            this.others = others;
        }
    }

    private static String more(Line l) {
        if (l.others) {
            return " and " + (l.count - 1) + " more changes of this rule with other titles";
        }
        return l.count > 1 ? " ×" + l.count : ""; // the line starts at the first one
    }

    private static String pos(LineCol at) {
        return at.oneBasedLine() + ":" + at.oneBasedColumn();
    }

    private static String ids(List<Viewer> viewers) {
        return viewers.stream().map(Viewer::id).collect(Collectors.joining(", "));
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    static void json(PrintStream out, String in, String written, Repair.Report r) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeNumberField("version", 1);
            g.writeStringField("input", in);
            g.writeStringField("output", written);
            g.writeNumberField("rounds", r.rounds());
            g.writeBooleanField("capped", r.capped());
            g.writeStringField("stopped", r.stopped());
            g.writeBooleanField("loads", r.loads());
            g.writeObjectFieldStart("viewers");
            for (int i = 0; i < r.before().size(); i++) {
                g.writeObjectFieldStart(r.before().get(i).viewer().id());
                g.writeStringField("before", r.before().get(i).verdict().id());
                g.writeStringField("after", r.after().get(i).verdict().id());
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("changes");
            for (Repair.Change c : r.changes()) {
                g.writeStartObject();
                writeChange(g, c);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("refused");
            for (Repair.Refusal x : r.refused()) {
                g.writeStartObject();
                writeChange(g, x.change());
                g.writeStringField("reason", x.reason());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("remaining");
            for (Repair.Remaining m : r.remaining()) {
                g.writeStartObject();
                writeAt(g, m.at(), m.offset());
                g.writeStringField("rule", m.ruleId());
                g.writeStringField("message", m.message());
                writeViewers(g, "blocks", m.blocks());
                g.writeStringField("reason", m.reason());
                g.writeArrayFieldStart("lost");
                for (String s : m.lost()) {
                    g.writeString(s);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
    }

    private static void writeChange(JsonGenerator g, Repair.Change c) throws IOException {
        writeAt(g, c.at(), c.offset());
        g.writeNumberField("round", c.round());
        g.writeStringField("rule", c.ruleId());
        g.writeStringField("title", c.title());
        g.writeBooleanField("safe", c.safe());
        g.writeStringField("why", c.why());
        writeViewers(g, "unblocks", c.unblocks());
    }

    private static void writeAt(JsonGenerator g, LineCol at, long offset) throws IOException {
        g.writeNumberField("line", at.oneBasedLine());
        g.writeNumberField("column", at.oneBasedColumn());
        g.writeNumberField("offset", offset);
    }

    private static void writeViewers(JsonGenerator g, String name, List<Viewer> viewers) throws IOException {
        g.writeArrayFieldStart(name);
        for (Viewer v : viewers) {
            g.writeString(v.id());
        }
        g.writeEndArray();
    }
}
