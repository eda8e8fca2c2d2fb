package dev.tracelint.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * What the summary says, counted from the rows of the two tables as each task makes them, one
 * {@code Tally} per partition, merged on the driver. Why: the summary used to read the written
 * tables back, a dozen Spark jobs after the checks (two seconds when the machine is idle, ten when
 * it is loaded); these counts come with the checks. Its size does not grow with the bucket: counts
 * per status, verdict and rule, and the first {@link #LISTED} unreadable files.
 */
final class Tally implements Serializable {
    private static final long serialVersionUID = 1L;
    /** How many unreadable files the summary names. */
    static final int LISTED = 20;

    private final int path;
    private final int bytesAt;
    private final int status;
    private final int reason;
    private final int millisAt;
    private final int ruleAt;
    private final Map<String, Integer> verdictAt = new LinkedHashMap<>();
    long files;
    long findings;
    long bytes;
    long millis;
    long unreadable;
    final Map<String, Long> statuses = new TreeMap<>();
    final Map<String, Map<String, Long>> verdicts = new LinkedHashMap<>();
    /** rule -> {findings, files} */
    final Map<String, long[]> rules = new TreeMap<>();
    /** the first unreadable files by path (code point order, as Spark orders strings): path -> reason */
    final TreeMap<String, String> unreadableFiles = new TreeMap<>(CodePointOrder.INSTANCE);

    Tally(StructType filesSchema, List<String> viewers) {
        path = filesSchema.fieldIndex("path");
        bytesAt = filesSchema.fieldIndex("bytes");
        status = filesSchema.fieldIndex("status");
        reason = filesSchema.fieldIndex("reason");
        millisAt = filesSchema.fieldIndex("millis");
        ruleAt = CheckTraces.Tables.FINDINGS.fieldIndex("rule");
        for (String v : viewers) {
            verdictAt.put(v, filesSchema.fieldIndex(CheckTraces.Tables.verdictColumn(v)));
            verdicts.put(v, new TreeMap<>());
        }
    }

    /** Counts one file's row of the files table and its rows of the findings table. */
    void add(Row file, List<Row> fileFindings) {
        files++;
        bytes += file.getLong(bytesAt);
        millis += file.getLong(millisAt);
        String s = file.getString(status);
        statuses.merge(s, 1L, Long::sum);
        if (s.equals("unreadable") || s.equals("internal-error")) {
            unreadable++;
            unreadableFiles.put(file.getString(path), file.getString(reason));
            if (unreadableFiles.size() > LISTED) {
                unreadableFiles.pollLastEntry();
            }
        }
        verdictAt.forEach((viewer, at) -> {
            if (!file.isNullAt(at)) {
                verdicts.get(viewer).merge(file.getString(at), 1L, Long::sum);
            }
        });
        findings += fileFindings.size();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Row f : fileFindings) {
            String rule = f.getString(ruleAt);
            long[] n = rules.computeIfAbsent(rule, k -> new long[2]);
            n[0]++;
            if (seen.add(rule)) {
                n[1]++;
            }
        }
    }

    /** Adds {@code o}'s counts to this one's; returns this. */
    Tally merge(Tally o) {
        files += o.files;
        findings += o.findings;
        bytes += o.bytes;
        millis += o.millis;
        unreadable += o.unreadable;
        o.statuses.forEach((k, n) -> statuses.merge(k, n, Long::sum));
        o.verdicts.forEach((viewer, counts) -> counts.forEach((k, n) -> verdicts.get(viewer).merge(k, n, Long::sum)));
        o.rules.forEach((k, n) -> {
            long[] mine = rules.computeIfAbsent(k, x -> new long[2]);
            mine[0] += n[0];
            mine[1] += n[1];
        });
        unreadableFiles.putAll(o.unreadableFiles);
        while (unreadableFiles.size() > LISTED) {
            unreadableFiles.pollLastEntry();
        }
        return this;
    }

    /** The statuses, most files first (then by name). */
    List<Map.Entry<String, Long>> statusesByCount() {
        List<Map.Entry<String, Long>> l = new ArrayList<>(statuses.entrySet());
        l.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        return l;
    }

    /** The {@code n} rules with most findings (then by name): rule -> {findings, files}. */
    List<Map.Entry<String, long[]>> topRules(int n) {
        List<Map.Entry<String, long[]>> l = new ArrayList<>(rules.entrySet());
        l.sort((a, b) -> a.getValue()[0] != b.getValue()[0] ? Long.compare(b.getValue()[0], a.getValue()[0]) : a.getKey().compareTo(b.getKey()));
        return l.subList(0, Math.min(n, l.size()));
    }

    /** Strings by code point, which is the order of their UTF-8 bytes (Spark's order of strings), not of UTF-16 units. */
    static final class CodePointOrder implements java.util.Comparator<String>, Serializable {
        private static final long serialVersionUID = 1L;
        static final CodePointOrder INSTANCE = new CodePointOrder();

        @Override
        public int compare(String a, String b) {
            int i = 0;
            int j = 0;
            while (i < a.length() && j < b.length()) {
                int x = a.codePointAt(i);
                int y = b.codePointAt(j);
                if (x != y) {
                    return Integer.compare(x, y);
                }
                i += Character.charCount(x);
                j += Character.charCount(y);
            }
            return Integer.compare(a.length() - i, b.length() - j);
        }
    }
}
