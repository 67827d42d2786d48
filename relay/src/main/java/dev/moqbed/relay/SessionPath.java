package dev.moqbed.relay;

import dev.moqbed.session.transport.PathStats;

/** One session's peer and the transport's view of the path to it. */
public record SessionPath(String peer, PathStats path) {}
