"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players."""
