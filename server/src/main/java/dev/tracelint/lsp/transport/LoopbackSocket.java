package dev.tracelint.lsp.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lsp --port N}: waits for one editor to connect to port N on this machine's loopback
 * addresses, for clients that start a server and connect to it (eglot's {@code :autoport}).
 *
 * <p>Why a socket at all, when stdio works everywhere: Emacs writes to a pipe in 64 KB pieces and
 * waits up to 20 ms whenever the pipe is full, so sending the 29 MB didOpen of a one-line trace
 * took 3.6 s of Emacs's own time; the same bytes over a loopback socket take 0.07 s.
 *
 * <p>Only loopback addresses are bound (the protocol can read and write files the user can), all
 * of those "localhost" resolves to, since a client may try {@code ::1} before {@code 127.0.0.1}.
 */
public final class LoopbackSocket {
    private LoopbackSocket() {
    }

    /** Waits at most {@code timeoutMs} for the first connection; the listening sockets are closed either way. */
    public static Socket acceptOne(int port, long timeoutMs) throws IOException {
        List<ServerSocket> listening = new ArrayList<>();
        try {
            IOException lastFailure = null;
            for (InetAddress address : loopbackAddresses()) {
                ServerSocket socket = new ServerSocket();
                try {
                    socket.bind(new InetSocketAddress(address, port));
                    socket.setSoTimeout(ACCEPT_SLICE_MS);
                    listening.add(socket);
                } catch (IOException e) { // e.g. no IPv6 on this machine
                    socket.close();
                    lastFailure = e;
                }
            }
            if (listening.isEmpty()) {
                throw new IOException("cannot listen on port " + port + " of localhost: "
                        + (lastFailure == null ? "no loopback address" : lastFailure.getMessage()), lastFailure);
            }
            // java.net sockets, not NIO channels: a channel's streams share one lock between reading
            // and writing, and the protocol reads and writes at once. So each address is polled in turn.
            long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
            while (System.nanoTime() < deadline) {
                for (ServerSocket socket : listening) {
                    try {
                        Socket client = socket.accept();
                        client.setTcpNoDelay(true);
                        return client;
                    } catch (SocketTimeoutException e) {
                        // nobody on this address yet
                    }
                }
            }
            throw new IOException("no editor connected to port " + port + " within " + timeoutMs / 1000 + " s");
        } finally {
            for (ServerSocket socket : listening) {
                socket.close();
            }
        }
    }

    /** How long one accept waits before the next address gets its turn. */
    private static final int ACCEPT_SLICE_MS = 50;

    private static List<InetAddress> loopbackAddresses() {
        List<InetAddress> addresses = new ArrayList<>();
        try {
            for (InetAddress a : InetAddress.getAllByName("localhost")) {
                if (a.isLoopbackAddress() && !addresses.contains(a)) {
                    addresses.add(a);
                }
            }
        } catch (IOException e) {
            // no resolver answer: the loopback address below is enough
        }
        if (addresses.isEmpty()) {
            addresses.add(InetAddress.getLoopbackAddress());
        }
        return addresses;
    }
}
