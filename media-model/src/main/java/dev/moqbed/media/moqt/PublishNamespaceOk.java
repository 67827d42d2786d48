package dev.moqbed.media.moqt;

/** PUBLISH_NAMESPACE_OK: the namespace announcement is accepted. */
public record PublishNamespaceOk(long requestId) implements ControlMessage {}
