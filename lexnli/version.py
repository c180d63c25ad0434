"""The toolkit's version, stored beside every saved model."""
__version__ = "0.4.0"
