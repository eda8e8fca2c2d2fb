package dev.tracelint.lsp;

import com.google.gson.JsonElement;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.services.WorkspaceService;

/** workspace/*: settings changes re-validate every open document. */
final class TraceWorkspaceService implements WorkspaceService {
    private final TracelintLanguageServer server;

    TraceWorkspaceService(TracelintLanguageServer server) {
        this.server = server;
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        if (params.getSettings() instanceof JsonElement json && json.isJsonObject()
                && (json.getAsJsonObject().has("tracelint") || json.getAsJsonObject().has("rules")
                    || json.getAsJsonObject().has("maxProblems"))) {
            server.updateSettings(Settings.from(json));
        } else {
            server.pullSettings(); // a "something changed" ping: ask for the section
        }
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        server.revalidateAll(); // a watched tracelint.json changed
    }
}
