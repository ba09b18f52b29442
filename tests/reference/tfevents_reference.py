#!/usr/bin/python3
"""Independent reader of TensorBoard event files for tests/unit/test_tfevents.cpp.

Uses only the standard library: struct, a bit-by-bit CRC-32C (the C++ code uses slicing-by-8
tables) and a minimal protobuf decoder. Verifies both masked CRCs of every record, decodes the
Event fields wall_time (1), step (2), file_version (3) and summary (5: Summary.value = 1,
Value.tag = 1, Value.simple_value = 2), skipping other fields by wire type.

Usage:
  tfevents_reference.py EVENT_FILE
Prints {"events": [{"wall_time": float, "step": int, "file_version": str,
"scalars": [[tag, value], ...]}, ...]} as JSON; exits 1 with a message on stderr if the file is
malformed.
"""

import json
import struct
import sys


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def read_varint(buf, pos):
    result = 0
    shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("varint runs past the end")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise ValueError("varint too long")


def fields(buf):
    """Yields (field number, wire type, value) for each field of a message."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = read_varint(buf, pos)
        elif wire == 1:
            value = buf[pos:pos + 8]
            pos += 8
        elif wire == 2:
            length, pos = read_varint(buf, pos)
            value = buf[pos:pos + length]
            pos += length
        elif wire == 5:
            value = buf[pos:pos + 4]
            pos += 4
        else:
            raise ValueError("unsupported wire type %d" % wire)
        if pos > len(buf):
            raise ValueError("field %d runs past the end" % number)
        yield number, wire, value


def decode_event(buf):
    event = {"wall_time": 0.0, "step": 0, "file_version": "", "scalars": []}
    for number, wire, value in fields(buf):
        if number == 1 and wire == 1:
            event["wall_time"] = struct.unpack("<d", value)[0]
        elif number == 2 and wire == 0:
            event["step"] = value - (1 << 64) if value >= (1 << 63) else value
        elif number == 3 and wire == 2:
            event["file_version"] = value.decode("utf-8")
        elif number == 5 and wire == 2:
            for n, w, v in fields(value):
                if n != 1 or w != 2:
                    continue
                tag, simple = "", None
                for vn, vw, vv in fields(v):
                    if vn == 1 and vw == 2:
                        tag = vv.decode("utf-8")
                    elif vn == 2 and vw == 5:
                        simple = struct.unpack("<f", vv)[0]
                if simple is not None:
                    event["scalars"].append([tag, simple])
    return event


def main():
    data = open(sys.argv[1], "rb").read()
    events = []
    pos = 0
    while pos < len(data):
        if pos + 12 > len(data):
            sys.exit("record %d at %d: truncated header" % (len(events), pos))
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (length_crc,) = struct.unpack("<I", data[pos + 8:pos + 12])
        if length_crc != masked_crc32c(header):
            sys.exit("record %d at %d: length CRC mismatch" % (len(events), pos))
        body = data[pos + 12:pos + 12 + length]
        footer = data[pos + 12 + length:pos + 16 + length]
        if len(body) != length or len(footer) != 4:
            sys.exit("record %d at %d: truncated" % (len(events), pos))
        if struct.unpack("<I", footer)[0] != masked_crc32c(body):
            sys.exit("record %d at %d: data CRC mismatch" % (len(events), pos))
        events.append(decode_event(body))
        pos += 16 + length
    json.dump({"events": events}, sys.stdout)


if __name__ == "__main__":
    main()
