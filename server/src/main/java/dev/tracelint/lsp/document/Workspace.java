package dev.tracelint.lsp.document;

import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import dev.tracelint.lsp.document.View;

/**
 * The server's state: the open documents, the editor's settings and the analyses of the
 * documents' versions. The text and workspace services read and change it; the server itself
 * ({@link dev.tracelint.lsp.TracelintLanguageServer}) talks to the client.
 *
 * <p>No analysis starts before the settings are known: when the editor is asked for them
 * (workspace/configuration), the documents it opens meanwhile wait for its answer, so that no
 * diagnostics are ever published under settings the editor does not have.
 */
public final class Workspace {
    static final long DEBOUNCE_MS = 250;

    private final Map<String, Document> documents = new ConcurrentHashMap<>();
    /** The last trace checked by path, for the timeline. */
    private volatile CheckedFile checkedFile;
    private final Map<Path, Config> fileConfigs = new ConcurrentHashMap<>();
    /** Completes once the settings are known (from initialize, or the editor's answer); analyses wait for it. */
    private final CompletableFuture<Void> settingsKnown = new CompletableFuture<>();
    private volatile Settings settings = Settings.DEFAULT;
    private final Analyses analyses;

    /** {@code onDone} gets each current version's analysis, {@code onFailure} each current version whose analysis failed. */
    public Workspace(ExecutorService workers, ScheduledExecutorService timer, Consumer<Analysed> onDone,
              BiConsumer<Document, Throwable> onFailure) {
        analyses = new Analyses(workers, timer, settingsKnown, this::configFor, onDone, onFailure);
    }

    // ---- documents ----

    /** The document's current version, or null if it is not open. */
    public Document document(String uri) {
        return documents.get(uri);
    }

    /** The open documents. */
    public java.util.Set<String> uris() {
        return documents.keySet();
    }

    /** Whether {@code doc} is still its document's current version. */
    public boolean isCurrent(Document doc) {
        Document current = documents.get(doc.uri);
        return current != null && current.version == doc.version;
    }

    public void open(Document doc) {
        documents.put(doc.uri, doc);
        analyses.schedule(doc, 0);
    }

    /** A new version from an edit: analysed after the debounce, unless a newer one comes first. */
    public void change(Document doc) {
        documents.put(doc.uri, doc);
        analyses.schedule(doc, DEBOUNCE_MS);
    }

    /** Analyses the current version again (the document was saved). */
    public void recheck(String uri) {
        Document doc = documents.get(uri);
        if (doc != null) {
            analyses.schedule(doc, 0);
        }
    }

    public void close(String uri) {
        documents.remove(uri);
        analyses.remove(uri);
    }

    // ---- settings ----

    public Settings settings() {
        return settings;
    }

    /** The settings of initialize; they are the known ones unless the editor is going to be asked for its own. */
    public void initialSettings(Settings s, boolean willAsk) {
        settings = s;
        if (!willAsk) {
            settingsKnown.complete(null);
        }
    }

    /** Settings the editor sent or answered: the first start the waiting analyses, later ones re-check every document if they differ. */
    public void updateSettings(Settings s) {
        if (!settingsKnown.isDone()) {
            settings = s;
            settingsKnown.complete(null);
        } else if (!s.equals(settings)) {
            settings = s;
            revalidateAll();
        }
    }

    /** No settings are coming (the editor's answer had none, or none came in time): those of initialize stand. */
    public void settingsAreKnown() {
        settingsKnown.complete(null);
    }

    public boolean areSettingsKnown() {
        return settingsKnown.isDone();
    }

    /** Analyses every open document again (the settings or a tracelint.json changed). */
    public void revalidateAll() {
        fileConfigs.clear();
        for (Document d : documents.values()) {
            analyses.schedule(d, 0);
        }
    }

    /** tracelint.json nearest the document (file URIs only), with the editor's rule and viewer settings on top. */
    public Config configFor(Document doc) {
        Config base = Config.DEFAULT;
        try {
            URI uri = URI.create(doc.uri);
            if ("file".equals(uri.getScheme())) {
                Path dir = Path.of(uri).getParent();
                if (dir != null) {
                    base = fileConfigs.computeIfAbsent(dir, d -> {
                        try {
                            return ConfigLoader.forDirectory(d);
                        } catch (java.io.IOException e) {
                            return Config.DEFAULT;
                        }
                    });
                }
            }
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            // not a file URI we can map: defaults
        }
        Config withRules = base.withOverrides(settings.rules());
        return settings.viewers() == null ? withRules : withRules.withViewers(settings.viewers());
    }

    // ---- analyses ----

    /** The analysis of the document's latest version, once it is done; null for a closed document or a failed analysis. */
    public CompletableFuture<Analysed> latest(String uri) {
        return analyses.latest(uri);
    }

    /**
     * The last analysis done, seen from the document's current version: the same version, or an
     * older one whose changes since are known. Null if there is none.
     */
    public View lastView(String uri) {
        Document current = documents.get(uri);
        Analysed last = analyses.last(uri);
        if (current == null || last == null) {
            return null;
        }
        if (last.doc == current) {
            return View.of(last);
        }
        ChangedSpan changed = current.changedSince(last.doc.version);
        return changed == null ? null : new View(last, current, changed);
    }

    /** Keeps the analysis of a trace checked by path (the one before it is let go). */
    public void keepCheckedFile(CheckedFile file) {
        checkedFile = file;
    }

    /** The trace last checked by path if it is {@code uri}, else null. */
    public CheckedFile checkedFile(String uri) {
        CheckedFile f = checkedFile;
        return f != null && f.uri.equals(uri) ? f : null;
    }
}
