package dev.moqbed.media.moqt;

/**
 * A MoQT control message, as fields independent of any one draft's byte layout. Each draft's codec
 * maps these records to its wire form (draft-14 carries subscriber priority as a byte field, -16 as
 * a parameter; the record is the same).
 */
public sealed interface ControlMessage
    permits ClientSetup,
        ServerSetup,
        GoAway,
        MaxRequestId,
        RequestsBlocked,
        Subscribe,
        SubscribeOk,
        SubscribeError,
        Unsubscribe,
        PublishDone,
        PublishNamespace,
        PublishNamespaceOk,
        PublishNamespaceError,
        PublishNamespaceDone,
        PublishNamespaceCancel,
        UnsupportedControlMessage {}
