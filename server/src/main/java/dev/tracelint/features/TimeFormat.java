package dev.tracelint.features;

import java.math.BigDecimal;
import java.math.MathContext;

/** Human units for microsecond values: {@code 22 µs}, {@code 3.1 ms}, {@code 1.25 s}. */
public final class TimeFormat {
    private TimeFormat() {
    }

    public static String human(double micros) {
        if (Double.isNaN(micros)) {
            return "?";
        }
        double abs = Math.abs(micros);
        if (abs >= 1_000_000) {
            return round(micros / 1_000_000) + " s";
        }
        if (abs >= 1_000) {
            return round(micros / 1_000) + " ms";
        }
        if (abs >= 1 || abs == 0) {
            return round(micros) + " µs";
        }
        return round(micros * 1_000) + " ns";
    }

    /** What a time that is no number (an event without ts, a ts of 1e999) is shown as. */
    static final String NOT_A_TIME = "none";

    /** Three significant digits, no trailing zeros. */
    static String round(double v) {
        if (!Double.isFinite(v)) {
            return NOT_A_TIME;
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    /** A timestamp in µs shown in the trace's display unit ("ms" or "ns") and in µs. */
    public static String timestamp(double micros, String displayTimeUnit) {
        return inDisplayUnit(micros, displayTimeUnit) + " (" + plain(micros) + " µs)";
    }

    /** A timestamp in µs shown in the trace's display unit only: {@code 456439.592897 ms}. */
    public static String inDisplayUnit(double micros, String displayTimeUnit) {
        return "ns".equals(displayTimeUnit) ? plain(micros * 1000) + " ns" : plain(micros / 1000) + " ms";
    }

    private static String plain(double v) {
        if (!Double.isFinite(v)) {
            return NOT_A_TIME;
        }
        BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }
}
